import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { retreats } from "../db/schema";
import { insertApplication, travelFormBody } from "../test/builders";
import { withFailingInserts } from "../test/failing-inserts";
import { withTestApp } from "../test/test-app";

/** Every log line the app writes, at the most talkative level. */
const lines: string[] = [];
let app: FastifyInstance;
let applicationId: string;
let ip = 0;

const passport = "PX-LOGCANARY-4711";
const medical = "Canary condition 0815";

function form(overrides: Record<string, unknown> = {}) {
  return travelFormBody(applicationId, {
    passportNumber: passport,
    medicalConditions: medical,
    allergies: medical,
    ...overrides,
  });
}

const submit = (payload: object) => {
  ip += 1;
  return app.inject({ method: "POST", url: "/api/travel-compliance", payload, remoteAddress: `10.7.0.${ip}` });
};

withTestApp(
  async (built) => {
    app = built;
    const [retreat] = await app.db.select({ id: retreats.id }).from(retreats);
    const application = await insertApplication(app, {
      retreatId: retreat!.id,
      email: "log@example.com",
      firstName: "Log",
      stage: "accepted",
    });
    applicationId = application.id;
  },
  { logLevel: "trace" },
  { logStream: { write: (line: string) => void lines.push(line) } },
);

describe("passport numbers and medical details never reach the log", () => {
  it("not when a submission succeeds, is refused, names an unknown application or fails in the database", async () => {
    expect((await submit(form())).statusCode).toBe(201);
    // Refused by validation, with the passport number in the body.
    expect((await submit(form({ emergencyContactEmail: "not-an-email" }))).statusCode).toBe(400);
    expect((await submit(form({ passportNumber: `${passport}${"9".repeat(300)}` }))).statusCode).toBe(400);
    expect((await submit(form({ applicationId: "00000000-0000-4000-8000-000000000000" }))).statusCode).toBe(404);
    // Database failures, logged as errors with the failed statement and its parameters: once on
    // the form's own statement, once on the confirmation email after it.
    for (const table of ["travel_compliance_forms", "email_logs"]) {
      await withFailingInserts(
        app.db,
        table,
        async () => {
          expect((await submit(form())).statusCode).toBe(500);
        },
        { on: "insert or update" },
      );
    }

    const log = lines.join("");
    // The log really captured these requests, including the failure with its error.
    expect(log).toContain("/api/travel-compliance");
    expect(log).toContain("request failed");
    expect(log).toContain("simulated failure");
    expect(log).toContain("request rejected");
    // The failed statement is in the log, its parameters are not (not even as ciphertext).
    expect(log).toContain("parameters not logged");
    expect(log).not.toContain("enc:v1:");
    expect(log).not.toContain("log@example.com");
    expect(log).not.toContain("LOGCANARY");
    expect(log).not.toContain("Canary condition");
  });

  it("redacts the field names wherever code logs an object carrying them", () => {
    lines.length = 0;
    app.log.info({ passportNumber: passport, form: { medicalConditions: medical, medicalNotes: medical } }, "oops");
    app.log.info({ req: { body: { allergies: medical, medications: medical } } }, "body");
    const log = lines.join("");
    expect(log).toContain("oops");
    expect(log).toContain("[Redacted]");
    expect(log).not.toContain("LOGCANARY");
    expect(log).not.toContain("Canary condition");
  });
});
