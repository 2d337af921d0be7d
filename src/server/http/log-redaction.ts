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
