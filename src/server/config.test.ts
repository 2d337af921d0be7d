import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const dir = mkdtempSync(join(tmpdir(), "cfg-"));
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.logLevel).toBe("info");
  });

  it("names the bad variable in its message", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PUBLIC_URL: "not a url" })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });

  it("requires explicit secrets in production on PostgreSQL, where every process must share them", () => {
    const dir = mkdtempSync(join(tmpdir(), "cfg-"));
    const postgres = { NODE_ENV: "production", DATA_DIR: dir, DATABASE_URL: "postgres://db.example.com/rhq" };
    expect(() => loadConfig(postgres)).toThrow(/SESSION_SECRET: required when NODE_ENV=production with DATABASE_URL/);
    expect(() => loadConfig({ ...postgres, SESSION_SECRET: "s".repeat(32) })).toThrow(/DATA_ENCRYPTION_KEY/);
    expect(
      loadConfig({ ...postgres, SESSION_SECRET: "s".repeat(32), DATA_ENCRYPTION_KEY: "ab".repeat(32) }).sessionSecret,
    ).toBe("s".repeat(32));
  });

  it("generates the secrets into DATA_DIR in production on the embedded database (npm start)", () => {
    const dir = mkdtempSync(join(tmpdir(), "cfg-"));
    const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dir });
    expect(readFileSync(join(dir, "session-secret"), "utf8").trim()).toBe(config.sessionSecret);
    expect(readFileSync(join(dir, "data-encryption-key"), "utf8").trim()).toHaveLength(64);
    expect(loadConfig({ NODE_ENV: "production", DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
  });

  it("generates the session secret once and keeps it in DATA_DIR", () => {
    const dir = mkdtempSync(join(tmpdir(), "cfg-"));
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    const second = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first).toHaveLength(64);
    expect(second).toBe(first);
    expect(readFileSync(join(dir, "session-secret"), "utf8").trim()).toBe(first);
  });
});

describe("TRUST_PROXY", () => {
  const dir = mkdtempSync(join(tmpdir(), "cfg-"));
  it("trusts no proxy by default, so X-Forwarded-For cannot dodge rate limits", () => {
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
  });
  it("accepts a hop count or a list of proxies", () => {
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: "10.0.0.1, 10.0.0.0/8" }).trustProxy).toEqual([
      "10.0.0.1",
      "10.0.0.0/8",
    ]);
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: "everyone" })).toThrow(/TRUST_PROXY/);
  });
});

describe("OpenID Connect variables", () => {
  const dir = mkdtempSync(join(tmpdir(), "cfg-"));
  const trio = {
    OIDC_ISSUER: "https://accounts.example.com",
    OIDC_CLIENT_ID: "retreat-hq",
    OIDC_CLIENT_SECRET: "s3cret",
  };

  it("leaves sign-in to passwords when none is set (empty counts as unset)", () => {
    expect(loadConfig({ DATA_DIR: dir }).oidc).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, OIDC_ISSUER: "", OIDC_CLIENT_ID: "" }).oidc).toBeUndefined();
  });

  it("exposes all three together, never allowing plain http from the environment", () => {
    expect(loadConfig({ DATA_DIR: dir, ...trio }).oidc).toEqual({
      issuer: "https://accounts.example.com",
      clientId: "retreat-hq",
      clientSecret: "s3cret",
    });
  });

  it("refuses one or two of them, naming what is missing", () => {
    const { OIDC_CLIENT_SECRET: _secret, ...two } = trio;
    expect(() => loadConfig({ DATA_DIR: dir, ...two })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, ...two })).toThrow(
      /OIDC_CLIENT_SECRET: required when OIDC_ISSUER, OIDC_CLIENT_ID are set/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, OIDC_CLIENT_ID: "x" })).toThrow(
      /OIDC_ISSUER, OIDC_CLIENT_SECRET: required when OIDC_CLIENT_ID is set/,
    );
  });

  it("wants an https issuer URL", () => {
    expect(() => loadConfig({ DATA_DIR: dir, ...trio, OIDC_ISSUER: "http://accounts.example.com" })).toThrow(
      /OIDC_ISSUER: must be an https:\/\/ URL/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, ...trio, OIDC_ISSUER: "accounts" })).toThrow(/OIDC_ISSUER/);
  });
});
