import { sensitiveFields } from "./field-encryption";

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
