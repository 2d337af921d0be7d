import { describe, expect, it } from "vitest";
import { EmailSecrets } from "../../email/hidden-links";
import { createFieldCipher } from "../../encryption/field-encryption";
import { payLinkFor, payLinkToken, verifyPayLinkToken } from "./pay-link";

const secret = "s".repeat(40);
const applicationId = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";

describe("pay link tokens", () => {
  it("round-trips an application id", () => {
    const token = payLinkToken(secret, applicationId);
    expect(token).toMatch(/^3f2504e0-4f89-41d3-9a0c-0305e82c3301\.[A-Za-z0-9_-]{43}$/);
    expect(verifyPayLinkToken(secret, token)).toBe(applicationId);
  });

  it("refuses another secret, another application, a tampered or malformed token", () => {
    const token = payLinkToken(secret, applicationId);
    expect(verifyPayLinkToken("t".repeat(40), token)).toBeNull();
    const other = "3f2504e0-4f89-41d3-9a0c-0305e82c3302";
    expect(verifyPayLinkToken(secret, `${other}.${token.split(".")[1]}`)).toBeNull();
    const last = token.at(-1) === "A" ? "B" : "A";
    expect(verifyPayLinkToken(secret, `${token.slice(0, -1)}${last}`)).toBeNull();
    expect(verifyPayLinkToken(secret, applicationId)).toBeNull();
    expect(verifyPayLinkToken(secret, "")).toBeNull();
  });

  it("is only offered when Stripe is on, and then only as a marker whose token waits in the secrets", () => {
    const base = { publicUrl: "https://retreat.example", sessionSecret: secret };
    const secrets = new EmailSecrets(createFieldCipher(Buffer.alloc(32, 1)));
    expect(payLinkFor(base, applicationId, secrets)).toBe("");
    expect(secrets.links).toEqual([]);
    expect(payLinkFor({ ...base, stripe: { secretKey: "sk_test_x" } }, applicationId, secrets)).toMatch(
      /^https:\/\/retreat\.example\/api\/pay\/hidden-link-[0-9a-f]{32}$/,
    );
    expect(secrets.links.map((l) => l.token)).toEqual([payLinkToken(secret, applicationId)]);
  });
});
