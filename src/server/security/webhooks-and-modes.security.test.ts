/**
 * No protection may depend on NODE_ENV: the README's own production command once left it unset,
 * and an unsigned provider webhook then unsubscribed any address. Every mode is built the way
 * main.ts builds it (loadConfig), and each webhook without its secret must be switched off.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../auth/password";
import { loadConfig } from "../config";
import { emailSubscribers } from "../db/schema";
import { createTestApp, type TestApp } from "../test/test-app";
import { createTestUser } from "../test/test-sessions";

const modes = ["development", "test", "production"] as const;
const fixedSecrets = {
  SESSION_SECRET: "modes-test-session-secret-0123456789abcdef",
  DATA_ENCRYPTION_KEY: "cd".repeat(32),
  DATA_DIR: "memory://",
  LOG_LEVEL: "silent",
};
const victim = "victim@example.com";

/** Up to 1,000 addresses per request: the finding's worst case. */
const complaintBatch = JSON.stringify({
  events: [
    { type: "complaint", email: victim },
    ...Array.from({ length: 999 }, (_, i) => ({ type: "complaint", email: `someone${i}@example.com` })),
  ],
});

describe.each(modes)("NODE_ENV=%s without webhook secrets", (mode) => {
  let t: TestApp;
  beforeAll(async () => {
    const { databaseUrl: _ignored, ...fromEnv } = loadConfig({ ...fixedSecrets, NODE_ENV: mode });
    t = await createTestApp(fromEnv);
    await t.app.db.insert(emailSubscribers).values({ email: victim });
  }, 60_000);
  afterAll(async () => t?.close());

  it("the email-events webhook answers 404 to an unsigned complaint batch and unsubscribes nobody", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/webhooks/email-events",
      headers: { "content-type": "application/json" },
      payload: complaintBatch,
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(typeof res.json().message).toBe("string");
    const [row] = await t.app.db.select().from(emailSubscribers).where(eq(emailSubscribers.email, victim));
    expect(row).toMatchObject({ status: "active", globallyUnsubscribed: false, marketingEmails: true });
  });

  it("every other webhook without its secret is off too", async () => {
    for (const url of ["/api/webhooks/calendly", "/api/webhooks/stripe"]) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/json" },
        payload: "{}",
      });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe("cookies over https when PUBLIC_URL was left at its http default", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a TLS-terminating proxy that TRUST_PROXY believes, as in production.
    t = await createTestApp({ trustProxy: true });
  }, 60_000);
  afterAll(async () => t?.close());

  it("marks the session cookie Secure when the request came over https, and not over plain http", async () => {
    const password = "correct horse battery staple";
    const user = await createTestUser(t.app, "staff", { passwordHash: await hashPassword(password) });
    const login = (proto: string, ip: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: user.email, password },
        headers: { "x-forwarded-proto": proto, "x-forwarded-for": ip },
      });
    const overHttps = await login("https", "203.0.113.5");
    expect(overHttps.statusCode).toBe(200);
    expect(String(overHttps.headers["set-cookie"])).toMatch(/rhq_session=.*; Secure/);
    const overHttp = await login("http", "203.0.113.6");
    expect(overHttp.statusCode).toBe(200);
    expect(String(overHttp.headers["set-cookie"])).not.toContain("Secure");
  });
});

describe("NODE_ENV switches no protection", () => {
  it("is not part of the configuration the app reads", () => {
    const config = loadConfig({ ...fixedSecrets, NODE_ENV: "development" });
    expect(Object.keys(config)).not.toContain("env");
  });

  it("is read nowhere in the server but config.ts", () => {
    const root = join(import.meta.dirname, "..");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const file = relative(root, path);
          if (file === "config.ts" || file.startsWith("test/")) continue;
          if (/NODE_ENV|config\.env\b|\.env\s*[!=]==/.test(readFileSync(path, "utf8"))) offenders.push(file);
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
