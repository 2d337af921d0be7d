import type { FastifyInstance } from "fastify";
import { AppError, nulCharacterMessage } from "./errors";

/**
 * True when a parsed JSON body holds the NUL character in any string, key or value, at any depth.
 * Iterative (no recursion limit to hit); JSON has no cycles.
 */
export function holdsNulCharacter(body: unknown): boolean {
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (value.includes("\u0000")) return true;
    } else if (ArrayBuffer.isView(value)) {
      // A raw body (bytes), not parsed JSON: nothing of ours stores it as text.
    } else if (Array.isArray(value)) {
      pending.push(...value);
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes("\u0000")) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL cannot store the NUL character in text or JSON. A request that writes at once gets
 * the database's refusal as a 400 (errors.ts); a request whose data is written later, by a job (the
 * public forms' sealed intake and known-address jobs, decision 020), would be answered 200 and its
 * data then refused by the job, again and again: lost after the answer said it was received. So
 * every JSON body is refused before any handler when it holds one, with the same 400.
 */
export function registerNulCharacterRefusal(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    if (request.body !== undefined && holdsNulCharacter(request.body)) {
      throw new AppError("bad_request", nulCharacterMessage);
    }
  });
}
