import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  PUBLIC_URL: z.url({ message: "must be an absolute URL such as https://retreat.example.com" }).optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  EMAIL_FROM: z.string().min(3).default("Retreat HQ <hello@localhost>"),
  /** Campaign messages handed to SMTP per second, per process (providers cap the sending rate). */
  EMAIL_RATE_PER_SECOND: z.coerce.number().positive("must be a positive number").max(10_000).default(10),
  /** The first retry of a failed email send waits this long; each next one doubles (outbox.ts). */
  EMAIL_RETRY_DELAY_SECONDS: z.coerce.number().int("must be a whole number").min(1).max(3600).default(30),
  /** Turns on the email provider's event webhook (bounces, complaints); unset, it answers 404. See README. */
  EMAIL_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  LOG_LEVEL: z.enum(logLevels).default("info"),
  /** "json" (default): one JSON object a line, for log shipping. "pretty": readable lines (npm run dev). */
  LOG_FORMAT: z.enum(["json", "pretty"]).default("json"),
  /** Where interview video rooms live (a self-hosted Jitsi or the public service). */
  JITSI_BASE_URL: z
    .url({ message: "must be an absolute URL such as https://meet.jit.si" })
    .regex(/^https?:\/\//, "must be an http(s):// URL")
    .default("https://meet.jit.si"),
  /** Turns on the Calendly webhook (POST /api/webhooks/calendly); unset, the webhook answers 404. */
  CALENDLY_WEBHOOK_SIGNING_KEY: z.string().min(16, "must be at least 16 characters").optional(),
  /** Turns on Stripe Checkout for payments; unset, payments are recorded by staff only. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, "must be a Stripe secret key (sk_test_... or sk_live_...)")
    .optional(),
  /** Verifies Stripe's webhook (POST /api/webhooks/stripe); required with STRIPE_SECRET_KEY in production. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, "must start with whsec_")
    .optional(),
  /**
   * Which proxies to believe about the client address (X-Forwarded-For): "false" (default, direct
   * exposure), a hop count such as "1" behind one load balancer, or a comma-separated list of
   * proxy addresses/CIDRs. Believing every proxy would let anyone dodge the rate limits.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(false|true|\d+|[0-9a-fA-F.:/,\s]+)$/, "must be false, true, a hop count or a list of addresses")
    .default("false"),
  /** Where the built client is; only for running several builds side by side (tests). */
  CLIENT_DIR: z.string().min(1).default("dist/client"),
  /** OpenID Connect sign-in: all three or none (checked below). */
  OIDC_ISSUER: z
    .url({ message: "must be an absolute URL such as https://accounts.example.com" })
    .regex(/^https:\/\//, "must be an https:// URL")
    .optional(),
  OIDC_CLIENT_ID: z.string().max(500).optional(),
  /**
   * 32-byte key (64 hex characters or base64) encrypting passport and medical fields at rest
   * (AES-256-GCM). Required in production; generated into DATA_DIR otherwise.
   */
  DATA_ENCRYPTION_KEY: z
    .string()
    .refine((value) => decodeKey(value) !== null, "must be 32 bytes as 64 hex characters or base64")
    .optional(),
  /** Days after a retreat ends before its guests' travel compliance data is deleted. */
  TRAVEL_DATA_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** Days after being declined before an application is anonymised (unless kept on the priority list). */
  DECLINED_APPLICATION_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(365),
  /** "false" makes a web-only process: it serves requests and enqueues jobs, another process runs them. */
  RUN_WORKER: z.enum(["true", "false"]).default("true"),
  OIDC_CLIENT_SECRET: z.string().max(2000).optional(),
});

const oidcVariables = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const;

/** An OpenID Connect provider to sign in with (GET /api/login). */
export type OidcConfig = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Lets openid-client talk plain http to the provider. Never read from the environment (a
   * production issuer must be https): only tests set it, for their local provider on 127.0.0.1.
   */
  allowInsecureRequests?: boolean;
};

/**
 * No NODE_ENV here on purpose: a protection that only holds in one mode is off wherever the
 * variable is forgotten. NODE_ENV=production only makes loadConfig insist on explicit secrets
 * (with DATABASE_URL) and on Stripe's webhook secret.
 */
export type Config = {
  port: number;
  host: string;
  /** postgres:// URL, or undefined for the embedded PGlite database. */
  databaseUrl?: string;
  /** Folder for PGlite data and generated secrets; "memory://" keeps PGlite in memory (tests). */
  dataDir: string;
  publicUrl: string;
  sessionSecret: string;
  smtpUrl?: string;
  emailFrom: string;
  /** Campaign sending rate (messages per second, per worker process). */
  emailRatePerSecond: number;
  /** The first retry delay of a failed email send, in seconds (then doubling). */
  emailRetryDelaySeconds: number;
  /** Verifies the provider's event webhook; unset means the webhook is off (404). */
  emailWebhookSecret?: string;
  /** Base URL of interview video rooms, without a trailing slash. */
  jitsiBaseUrl: string;
  /** Verifies Calendly's webhook; unset means the webhook is off. */
  calendlyWebhookSigningKey?: string;
  /** Stripe Checkout and its webhook; unset means payments are recorded by staff only. */
  stripe?: { secretKey: string; webhookSecret?: string };
  logLevel: (typeof logLevels)[number];
  /** How log lines look: JSON for machines, or readable for a developer's terminal. */
  logFormat: "json" | "pretty";
  trustProxy: boolean | number | string[];
  /** Where the built client lives; tests may point elsewhere. */
  clientDir: string;
  /** Start the job worker in this process. */
  runWorker: boolean;
  /** Set when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are; unset means password sign-in only. */
  oidc?: OidcConfig;
  /** AES-256-GCM key (32 bytes) for sensitive fields at rest. */
  dataEncryptionKey: Buffer;
  /** How long personal data is kept (see the privacy policy). */
  retention: { travelDataDays: number; declinedApplicationDays: number };
};

export class ConfigError extends Error {}

/** Treats empty strings as unset, the way shells and .env files usually mean them. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== "")) as Record<
    string,
    string
  >;
}

/** Reads ./.env when present (variables already set in the environment win). */
export function loadDotEnv(file = ".env") {
  if (existsSync(file)) process.loadEnvFile(file);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = e.DATA_DIR === "memory://" ? e.DATA_DIR : resolve(e.DATA_DIR);
  // The embedded database lives in DATA_DIR, so secrets generated there go wherever the data goes
  // (zero-setup `npm start`). On PostgreSQL every process of the deployment must share them, and a
  // DATA_DIR is one machine's disk: production sets them explicitly.
  const sharedDatabaseInProduction = e.NODE_ENV === "production" && e.DATABASE_URL !== undefined;
  if (sharedDatabaseInProduction && !e.SESSION_SECRET) {
    throw new ConfigError(
      "Invalid configuration:\n  SESSION_SECRET: required when NODE_ENV=production with DATABASE_URL (generate one with: openssl rand -hex 32)",
    );
  }
  if (sharedDatabaseInProduction && !e.DATA_ENCRYPTION_KEY) {
    throw new ConfigError(
      "Invalid configuration:\n  DATA_ENCRYPTION_KEY: required when NODE_ENV=production with DATABASE_URL (generate one with: openssl rand -hex 32)",
    );
  }
  if (e.NODE_ENV === "production" && e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      "Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY when NODE_ENV=production (payments are confirmed by the webhook)",
    );
  }
  const oidcSet = oidcVariables.filter((name) => e[name] !== undefined);
  if (oidcSet.length > 0 && oidcSet.length < oidcVariables.length) {
    const missing = oidcVariables.filter((name) => e[name] === undefined);
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.join(", ")}: required when ${oidcSet.join(", ")} ${oidcSet.length === 1 ? "is" : "are"} set (OpenID Connect needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together)`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    sessionSecret: e.SESSION_SECRET ?? persistedSecret(dataDir, "session-secret"),
    smtpUrl: e.SMTP_URL,
    emailFrom: e.EMAIL_FROM,
    emailRatePerSecond: e.EMAIL_RATE_PER_SECOND,
    emailRetryDelaySeconds: e.EMAIL_RETRY_DELAY_SECONDS,
    ...(e.EMAIL_WEBHOOK_SECRET ? { emailWebhookSecret: e.EMAIL_WEBHOOK_SECRET } : {}),
    jitsiBaseUrl: e.JITSI_BASE_URL.replace(/\/$/, ""),
    ...(e.CALENDLY_WEBHOOK_SIGNING_KEY ? { calendlyWebhookSigningKey: e.CALENDLY_WEBHOOK_SIGNING_KEY } : {}),
    ...(e.STRIPE_SECRET_KEY
      ? {
          stripe: {
            secretKey: e.STRIPE_SECRET_KEY,
            ...(e.STRIPE_WEBHOOK_SECRET ? { webhookSecret: e.STRIPE_WEBHOOK_SECRET } : {}),
          },
        }
      : {}),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    clientDir: resolve(e.CLIENT_DIR),
    runWorker: e.RUN_WORKER === "true",
    dataEncryptionKey: decodeKey(e.DATA_ENCRYPTION_KEY ?? persistedSecret(dataDir, "data-encryption-key"))!,
    retention: {
      travelDataDays: e.TRAVEL_DATA_RETENTION_DAYS,
      declinedApplicationDays: e.DECLINED_APPLICATION_RETENTION_DAYS,
    },
    ...(e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
      ? { oidc: { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET } }
      : {}),
  };
}

function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A 32-byte key from 64 hex characters or base64, or null when it is neither. */
export function decodeKey(value: string): Buffer | null {
  const trimmed = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, "hex");
  if (/^[A-Za-z0-9+/]{43}=?$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed, "base64");
    return bytes.length === 32 ? bytes : null;
  }
  return null;
}

/**
 * A secret generated once and kept in DATA_DIR, so sessions survive restarts without the
 * newcomer having to invent a secret. Production must set it explicitly (checked above).
 */
function persistedSecret(dataDir: string, name: string): string {
  if (dataDir === "memory://") return randomBytes(32).toString("hex");
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Configuration for tests: in-memory PGlite (or TEST_DATABASE_URL), no worker unless asked. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: "127.0.0.1",
    databaseUrl: undefined,
    dataDir: "memory://",
    publicUrl: "http://localhost:3000",
    sessionSecret: "test-secret-test-secret-test-secret-0123",
    emailFrom: "Retreat HQ <hello@localhost>",
    emailRatePerSecond: 1000,
    emailRetryDelaySeconds: 30,
    jitsiBaseUrl: "https://meet.jit.si",
    logLevel: "silent",
    logFormat: "json",
    trustProxy: false,
    clientDir: resolve("dist/client"),
    runWorker: false,
    dataEncryptionKey: Buffer.alloc(32, 7),
    retention: { travelDataDays: 30, declinedApplicationDays: 365 },
    ...overrides,
  };
}
