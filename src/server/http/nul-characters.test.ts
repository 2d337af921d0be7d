import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { applicationPayload } from "../test/builders";
import { settleFormJobs } from "../test/form-jobs";
import { withTestApp } from "../test/test-app";
import { nulCharacterMessage } from "./errors";
import { holdsNulCharacter } from "./nul-characters";

describe("holdsNulCharacter", () => {
  it("finds the NUL character in any string, key or array item, at any depth", () => {
    expect(holdsNulCharacter({ a: "x", b: [1, "y", { c: "z" }], d: null, e: true })).toBe(false);
    expect(holdsNulCharacter("a\u0000b")).toBe(true);
    expect(holdsNulCharacter({ name: "Nul\u0000 Person" })).toBe(true);
    expect(holdsNulCharacter({ list: [{ deep: ["ok", "n\u0000"] }] })).toBe(true);
    expect(holdsNulCharacter({ "key\u0000": "value" })).toBe(true);
    // A raw body's bytes are not text we store.
    expect(holdsNulCharacter(Buffer.from([0, 1, 2]))).toBe(false);
  });
});

/**
 * The public forms store their data later on PostgreSQL (a sealed job the worker files): a NUL the
 * database would refuse must be refused in the request, or the answered submission is lost.
 */
describe("a body holding the NUL character", () => {
  let app: FastifyInstance;
  withTestApp((built) => {
    app = built;
  });
  let ip = 0;
  const post = (url: string, payload: object) =>
    app.inject({ method: "POST", url, payload, remoteAddress: `10.88.0.${++ip}` });

  it("is refused with a 400 by the public forms, and nothing is stored or left to file", async () => {
    const retreatId = ((await (await app.inject("/api/current-retreat")).json()) as { id: string }).id;
    const attempts = [
      post("/api/waitlist", { name: "Nul\u0000 Person", email: "nul-w@example.com" }),
      post("/api/application", { ...applicationPayload(retreatId, "nul-a@example.com"), firstName: "Nul\u0000" }),
      post("/api/application", {
        ...applicationPayload(retreatId, "nul-c@example.com"),
        applicationType: "couple",
        partnerFirstName: "P\u0000",
        partnerEmail: "nul-partner@example.com",
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: nulCharacterMessage });
    }
    expect((await app.inject("/readyz")).json().formsToFile).toBe(0);
    await settleFormJobs(app);
    const { rows } = await app.database.executor.executeSql(
      "select (select count(*)::int from applications where email like 'nul-%') as applications, " +
        "(select count(*)::int from email_subscribers where email like 'nul-%') as subscribers",
      [],
    );
    expect(rows[0]).toEqual({ applications: 0, subscribers: 0 });
  });

  it("is refused on any JSON route before its handler, with the same message", async () => {
    const res = await post("/api/email/unsubscribe/not-a-token", { emailType: "all", reason: "x\u0000" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: nulCharacterMessage });
  });
});
