import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultPrivacyPolicyFacts } from "../../../shared/privacy-policy-facts";
import { loadConfig, testConfig } from "../../config";
import { createTestApp, type TestApp } from "../../test/test-app";
import { privacyPolicyPath } from "./privacy-policy.routes";

describe("GET /api/privacy-policy", () => {
  let defaults: TestApp;
  let custom: TestApp;

  beforeAll(async () => {
    defaults = await createTestApp();
    custom = await createTestApp({ retention: { travelDataDays: 14, declinedApplicationDays: 90 } });
  });
  afterAll(async () => {
    await defaults.close();
    await custom.close();
  });

  it("answers anyone with the default retention periods, cacheable", async () => {
    expect(testConfig().retention).toEqual({ travelDataDays: 30, declinedApplicationDays: 365 });
    const res = await defaults.app.inject({ method: "GET", url: privacyPolicyPath });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ travelDataRetentionDays: 30, declinedApplicationRetentionDays: 365 });
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("quotes the configured periods, so the policy follows the environment", async () => {
    const res = await custom.app.inject({ method: "GET", url: privacyPolicyPath });
    expect(res.json()).toEqual({ travelDataRetentionDays: 14, declinedApplicationRetentionDays: 90 });
  });

  it("the client's stand-in numbers are the configuration's defaults", () => {
    const { retention } = loadConfig({});
    expect(defaultPrivacyPolicyFacts).toEqual({
      travelDataRetentionDays: retention.travelDataDays,
      declinedApplicationRetentionDays: retention.declinedApplicationDays,
    });
  });
});
