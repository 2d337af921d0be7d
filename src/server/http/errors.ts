import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ZodError, z } from "zod";
import { MoneyRangeError } from "../../shared/finance/money";
import { type ApiErrorBody, AppError, type FieldError } from "./app-error";

// AppError lives apart so code without Fastify or zod (the email sandbox's thread) can throw it.
export { type ApiErrorBody, AppError, type ErrorCode, type FieldError } from "./app-error";

function fieldPath(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}

function fromZod(error: ZodError, prefix = ""): FieldError[] {
  return error.issues.map((issue) => ({
    path: [prefix, fieldPath(issue.path)].filter(Boolean).join("."),
    message: issue.message,
  }));
}

export const moneyRangeMessage =
  "The amounts involved add up to more than can be computed exactly. Check the amounts, counts and dates of the lines concerned.";

export const nulCharacterMessage = "Text must not contain the NUL character (\\u0000)";

/**
 * PostgreSQL refuses the NUL character in text (22021) and in JSON (22P05), and valid JSON can
 * carry it in any string: the database's refusal is the input's fault, whichever field held it.
 */
function isNulCharacterRefusal(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; depth++) {
    if (e.code === "22021" || e.code === "22P05") return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Maps every error to the API error shape; 5xx replies never carry internals. */
export function toApiError(error: unknown): { status: number; body: ApiErrorBody } {
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: { message: error.message, ...(error.errors ? { errors: error.errors } : {}) },
    };
  }
  if (error instanceof ZodError) {
    const errors = fromZod(error);
    return { status: 400, body: { message: errors[0]?.message ?? "Invalid request", errors } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const part = (error as FastifyError).validationContext ?? "body";
    const errors = error.validation.map((v) => ({
      path: [part, v.instancePath.replace(/^\//, "").replaceAll("/", ".")].filter(Boolean).join("."),
      message: v.message ?? "Invalid value",
    }));
    return { status: 400, body: { message: errors[0]?.message ?? "Invalid request", errors } };
  }
  // Stored lines (older or imported data) can still add up past exact arithmetic: that is a state
  // of the data to fix, not a server fault.
  if (error instanceof MoneyRangeError) return { status: 409, body: { message: moneyRangeMessage } };
  if (isNulCharacterRefusal(error)) return { status: 400, body: { message: nulCharacterMessage } };
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (status === 413) return { status, body: { message: "Request body is too large" } };
  if (status === 415) return { status, body: { message: "Unsupported content type: send application/json" } };
  if (status === 429) return { status, body: { message: "Too many requests. Please wait and try again." } };
  if (status && status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, empty body, bad content length) are safe to show.
    return { status, body: { message: fastifyError.message || "Bad request" } };
  }
  return { status: 500, body: { message: "Something went wrong on our side. Please try again." } };
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toApiError(error);
    if (status >= 500) request.log.error({ err: error }, "request failed");
    else request.log.info({ status, message: body.message }, "request rejected");
    return reply.status(status).send(body);
  });
}

/** The error body as a response schema, so 4xx replies keep their field errors. */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
