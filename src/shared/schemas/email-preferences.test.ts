import { describe, expect, it } from "vitest";
import { emailPreferencesSchema, resubscribeSchema, tokenParamSchema, unsubscribeSchema } from "./email-preferences";

describe("unsubscribeSchema", () => {
  it("defaults the type to all", () => {
    expect(unsubscribeSchema.parse({})).toEqual({ emailType: "all" });
  });

  it("accepts the four types and nothing else", () => {
    for (const emailType of ["marketing", "application", "system", "all"]) {
      expect(unsubscribeSchema.safeParse({ emailType }).success).toBe(true);
    }
    expect(unsubscribeSchema.safeParse({ emailType: "everything" }).success).toBe(false);
  });

  it("trims the reason and omits it when empty", () => {
    expect(unsubscribeSchema.parse({ emailType: "marketing", reason: "  Too many  " }).reason).toBe("Too many");
    const blank = unsubscribeSchema.parse({ emailType: "marketing", reason: "   " });
    expect(blank.reason).toBeUndefined();
    expect(JSON.stringify(blank)).toBe('{"emailType":"marketing"}');
  });

  it("refuses unknown fields", () => {
    expect(unsubscribeSchema.safeParse({ emailType: "all", token: "x" }).success).toBe(false);
  });
});

describe("emailPreferencesSchema / resubscribeSchema", () => {
  const all = { applicationEmails: true, marketingEmails: false, systemNotifications: true };

  it("needs all three booleans", () => {
    expect(emailPreferencesSchema.parse(all)).toEqual(all);
    expect(resubscribeSchema.safeParse({ applicationEmails: true }).success).toBe(false);
    expect(resubscribeSchema.safeParse({ ...all, marketingEmails: "yes" }).success).toBe(false);
  });

  it("refuses unknown fields", () => {
    expect(emailPreferencesSchema.safeParse({ ...all, globallyUnsubscribed: false }).success).toBe(false);
  });
});

describe("tokenParamSchema", () => {
  it("accepts 64 hex characters and refuses short or odd tokens", () => {
    expect(tokenParamSchema.safeParse({ token: "a".repeat(64) }).success).toBe(true);
    expect(tokenParamSchema.safeParse({ token: "abc" }).success).toBe(false);
    expect(tokenParamSchema.safeParse({ token: `${"a".repeat(20)}/..` }).success).toBe(false);
  });
});
