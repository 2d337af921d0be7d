/**
 * The public forms must not tell whether an address is already known (on the waitlist, or an
 * applicant): same answer, and the same work on the request, so the same time. A known address
 * used to take the one statement and then a transaction (the attacker review measured 5.7 vs
 * 8.8 ms for the waitlist, 6.6 vs 17.8 ms for applications); its merge is now a job stored by
 * the same statement. Lower quartiles of interleaved rounds: load and the worker's background
 * jobs only ever add time, so the quickest answers show the work each path does.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationPayload } from "../test/builders";
import { createTestApp, type TestApp } from "../test/test-app";

let t: TestApp;
let app: FastifyInstance;
let retreatId = "";
let ip = 0;

beforeAll(async () => {
  // With a worker on both drivers, as in production (PGlite has no queue without one).
  t = await createTestApp({ runWorker: true });
  app = t.app;
  retreatId = ((await (await app.inject({ method: "GET", url: "/api/current-retreat" })).json()) as { id: string }).id;
});
afterAll(async () => t?.close());

const application = (email: string) => applicationPayload(retreatId, email);

let applicants = 0;
/** A couple whose partner has an address of their own: the probe's target as the partner. */
const coupleWithPartner = (email: string) => ({
  ...application(`timing-applicant-${++applicants}@example.com`),
  applicationType: "couple",
  partnerFirstName: "Partner",
  partnerLastName: "Probe",
  partnerEmail: email,
});

const forms = {
  waitlist: { url: "/api/waitlist", payload: (email: string) => ({ name: "Timing Probe", email }), status: 200 },
  application: { url: "/api/application", payload: application, status: 201 },
  "application's partner": { url: "/api/application", payload: coupleWithPartner, status: 201 },
};

async function timed(form: keyof typeof forms, email: string) {
  const { url, payload, status } = forms[form];
  const start = performance.now();
  const res = await app.inject({
    method: "POST",
    url,
    payload: payload(email),
    remoteAddress: `198.19.${++ip >> 8}.${ip & 255}`,
  });
  const ms = performance.now() - start;
  expect(res.statusCode).toBe(status);
  return ms;
}

const lowerQuartile = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 4)]!;

describe.each(Object.keys(forms) as (keyof typeof forms)[])("POST to the %s form", (form) => {
  it("takes the same time for a known address as for a new one", async () => {
    const rounds = 31;
    // Known addresses: on the waitlist already (the commonest way to be known), one per probe.
    let probe = 0;
    const knownAddresses = async () => {
      const addresses = Array.from(
        { length: rounds },
        (_, i) => `timing-${form.replace(/\W/g, "")}-known-${probe}-${i}@example.com`,
      );
      for (const email of addresses) await timed("waitlist", email);
      return addresses;
    };
    for (let i = 0; i < 3; i++) await timed(form, `timing-${form.replace(/\W/g, "")}-warm-${i}@example.com`);
    // Noise only lowers the ratio, never raises it: a gap in the work itself (2-4 times before)
    // shows in every attempt, while a passing attempt shows none. Up to three attempts.
    let ratio = 0;
    for (let attempt = 0; attempt < 3 && ratio <= 0.75; attempt++) {
      const known = await knownAddresses();
      const knownMs: number[] = [];
      const freshMs: number[] = [];
      for (const [i, email] of known.entries()) {
        freshMs.push(await timed(form, `timing-${form.replace(/\W/g, "")}-new-${probe}-${i}@example.com`));
        knownMs.push(await timed(form, email));
      }
      probe++;
      const [a, b] = [lowerQuartile(freshMs), lowerQuartile(knownMs)];
      ratio = Math.min(a, b) / Math.max(a, b);
      console.info(`${form}: new ${a.toFixed(2)} ms, known ${b.toFixed(2)} ms (lower quartiles of ${rounds})`);
    }
    expect(ratio).toBeGreaterThan(0.75);
  });
});
