import { describe, expect, it } from "vitest";
import { nulCharacterMessage, toApiError } from "./errors";

/** Shaped like drizzle's DrizzleQueryError around the driver's error (pg and PGlite alike). */
const queryError = (code: string) => Object.assign(new Error("Failed query: ..."), { cause: { code } });

describe("toApiError", () => {
  it("answers 400 when the database refuses a NUL character in text or JSON", () => {
    for (const code of ["22021", "22P05"]) {
      expect(toApiError(queryError(code))).toEqual({ status: 400, body: { message: nulCharacterMessage } });
    }
  });

  it("keeps other database errors a 500 without internals", () => {
    const { status, body } = toApiError(queryError("23505"));
    expect(status).toBe(500);
    expect(body.message).not.toContain("Failed query");
  });
});
