import type { FastifyRequest } from "fastify";
import { sensitiveFields } from "../encryption/field-encryption";
import { redactCredentialPath } from "./credential-paths";

const names = [...sensitiveFields.travel, ...sensitiveFields.application];

/**
 * Pino redact paths for the encrypted fields, wherever an object carrying them is logged: at the
 * top of a log line, one level down (`{ form: {...} }`), or in a request body should anything log
 * one. Fastify does not log bodies, and the write path encrypts before any query (so a failed
 * statement's parameters are ciphertext); this is the belt to those braces.
 */
export const sensitiveLogPaths: string[] = names.flatMap((name) => [
  name,
  `*.${name}`,
  `req.body.${name}`,
  `request.body.${name}`,
  `body.${name}`,
]);

type LoggedRequest = Pick<FastifyRequest, "method" | "url" | "headers" | "host" | "ip" | "socket">;

/**
 * Fastify's request serializer with the URL's credential segments masked: the recipient opening a
 * set-password, offer, booking, pay or calendar link must not leave a working link in the log.
 */
export function serializeRequestForLog(request: LoggedRequest) {
  return {
    method: request.method,
    // Code may log any object under `req`; only a real request has a URL to mask.
    url: typeof request.url === "string" ? redactCredentialPath(request.url) : undefined,
    version: String(request.headers?.["accept-version"] ?? "") || undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The error serializer for log lines: the error's own fields, but never a failed statement's bound
 * parameters (a Drizzle query error carries them): they are whatever a user sent, a 15 MB photo
 * with its location data or an email address, and the statement's text says enough to debug.
 */
export function serializeErrorForLog(error: Error): SerializedError {
  return serialized(error, 0) as SerializedError;
}

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

function serialized(error: unknown, depth: number): unknown {
  if (!(error instanceof Error) || depth > 3) return error;
  const out: Record<string, unknown> = {
    type: error.constructor.name,
    message: withoutParams(error.message),
    stack: withoutParams(error.stack ?? ""),
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === "params") out.params = `[${Array.isArray(value) ? value.length : "?"} parameters not logged]`;
    else out[key] = key === "cause" ? serialized(value, depth + 1) : value;
  }
  if (error.cause !== undefined && !("cause" in out)) out.cause = serialized(error.cause, depth + 1);
  return out;
}

/** Drizzle writes a failed statement's parameters into its message too ("Failed query: …\nparams: …"). */
function withoutParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, "\nparams: [not logged]");
}
