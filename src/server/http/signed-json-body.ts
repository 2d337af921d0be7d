import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./errors";

export const invalidJsonMessage = "Request body is not valid JSON";

/** Marks a body that was not JSON; reported after the signature check, so strangers learn nothing. */
const invalidJson = Symbol("invalid JSON");

/**
 * For signed webhooks: a JSON parser, for the encapsulated scope it is called in, that keeps
 * the exact bytes received (which the signature covers). In the route's preValidation hook:
 * `rawBody` first, then the signature check, then `assertJson`.
 */
export function signedJsonBodies(scope: FastifyInstance) {
  const rawBodies = new WeakMap<FastifyRequest, string>();
  scope.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const raw = body as string;
    rawBodies.set(request, raw);
    if (raw.trim() === "") return done(null, undefined);
    try {
      done(null, JSON.parse(raw));
    } catch {
      done(null, invalidJson);
    }
  });
  return {
    /** The bytes the signature covers ("" for no body); 415 for a body another parser read. */
    rawBody(request: FastifyRequest): string {
      // Fastify's own text/plain parser would hand over a body whose bytes this scope never saw.
      if (request.body !== undefined && !rawBodies.has(request)) {
        throw new AppError("unsupported_media_type", "Unsupported content type: send application/json");
      }
      return rawBodies.get(request) ?? "";
    },
    /** 400 for a body that was not JSON. */
    assertJson(request: FastifyRequest): void {
      if ((request.body as unknown) === invalidJson) throw new AppError("bad_request", invalidJsonMessage);
    },
  };
}
