/**
 * The OpenID Connect sign-in against a real (tiny) provider on 127.0.0.1: discovery, JWKS, an
 * authorization endpoint that approves at once, a token endpoint that checks the client secret
 * and the PKCE verifier and signs ID tokens with jose, and UserInfo. No network beyond loopback.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, sessions, users } from "../db/schema";
import { theOneLoginOf } from "../test/sign-in-record";
import { createTestApp, type TestApp } from "../test/test-app";
import { createTestUser, sessionCookieFor } from "../test/test-sessions";

const clientId = "retreat-hq";
const clientSecret = "provider-secret-0123456789";
const publicUrl = "http://localhost:3000";
const redirectUri = `${publicUrl}/api/auth/oidc/callback`;

type Identity = { sub: string; email?: string; email_verified?: boolean | string };
type PendingCode = { nonce: string; codeChallenge: string; redirectUri: string; identity: Identity };

/** A minimal OpenID provider; tests steer it through its public fields. */
class TestProvider {
  issuer = "";
  identity: Identity = { sub: "sub-1", email: "nobody@example.com", email_verified: true };
  /** Leave the email out of the ID token (it is then only in UserInfo). */
  emailOnlyInUserInfo = false;
  /** Sign the ID token with a nonce other than the one requested. */
  wrongNonce = false;
  /** Answer the next discovery request with 500. */
  failDiscovery = false;
  /** Deny at the authorization endpoint (the user pressed Cancel). */
  deny = false;
  discoveryRequests = 0;
  tokenRequests: URLSearchParams[] = [];
  private server: Server | null = null;
  private codes = new Map<string, PendingCode>();
  private accessTokens = new Map<string, Identity>();
  private keys!: Awaited<ReturnType<typeof generateKeyPair>>;

  async start() {
    this.keys = await generateKeyPair("RS256");
    const publicJwk = { ...(await exportJWK(this.keys.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
    this.server = createServer((req, res) => {
      void this.handle(req, publicJwk).then(
        ({ status, headers, body }) => {
          res.writeHead(status, headers);
          res.end(body);
        },
        (error: unknown) => {
          res.writeHead(500);
          res.end(String(error));
        },
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.issuer = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(
    req: IncomingMessage,
    jwk: object,
  ): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    const url = new URL(req.url ?? "/", this.issuer);
    const json = (status: number, value: unknown) => ({
      status,
      headers: { "content-type": "application/json", "cache-control": "no-store" },
      body: JSON.stringify(value),
    });
    if (url.pathname === "/.well-known/openid-configuration") {
      this.discoveryRequests += 1;
      if (this.failDiscovery) {
        this.failDiscovery = false;
        return json(500, { error: "server_error" });
      }
      return json(200, {
        issuer: this.issuer,
        authorization_endpoint: `${this.issuer}/authorize`,
        token_endpoint: `${this.issuer}/token`,
        userinfo_endpoint: `${this.issuer}/userinfo`,
        jwks_uri: `${this.issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
      });
    }
    if (url.pathname === "/jwks") return json(200, { keys: [jwk] });
    if (url.pathname === "/authorize") {
      const p = url.searchParams;
      const back = new URL(p.get("redirect_uri") ?? "");
      if (p.get("client_id") !== clientId || back.href !== redirectUri) return json(400, { error: "invalid_request" });
      if (this.deny) {
        back.searchParams.set("error", "access_denied");
      } else {
        const code = randomBytes(16).toString("base64url");
        this.codes.set(code, {
          nonce: p.get("nonce") ?? "",
          codeChallenge: p.get("code_challenge") ?? "",
          redirectUri: back.href,
          identity: { ...this.identity },
        });
        back.searchParams.set("code", code);
      }
      back.searchParams.set("state", p.get("state") ?? "");
      return { status: 302, headers: { location: back.href }, body: "" };
    }
    if (url.pathname === "/token" && req.method === "POST") {
      const body = new URLSearchParams(await readBody(req));
      this.tokenRequests.push(body);
      const pending = this.codes.get(body.get("code") ?? "");
      this.codes.delete(body.get("code") ?? "");
      const verifier = body.get("code_verifier") ?? "";
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      const clientOk = body.get("client_id") === clientId && body.get("client_secret") === clientSecret;
      if (!clientOk) return json(401, { error: "invalid_client" });
      if (
        !pending ||
        body.get("grant_type") !== "authorization_code" ||
        body.get("redirect_uri") !== pending.redirectUri ||
        challenge !== pending.codeChallenge
      ) {
        return json(400, { error: "invalid_grant" });
      }
      const { sub, ...emailClaims } = pending.identity;
      const accessToken = randomBytes(16).toString("base64url");
      this.accessTokens.set(accessToken, pending.identity);
      const idToken = await new SignJWT({
        ...(this.emailOnlyInUserInfo ? {} : emailClaims),
        nonce: this.wrongNonce ? "not-the-nonce" : pending.nonce,
      })
        .setProtectedHeader({ alg: "RS256", kid: "k1" })
        .setIssuer(this.issuer)
        .setAudience(clientId)
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(this.keys.privateKey);
      return json(200, { access_token: accessToken, token_type: "Bearer", expires_in: 300, id_token: idToken });
    }
    if (url.pathname === "/userinfo") {
      const identity = this.accessTokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
      return identity ? json(200, identity) : json(401, { error: "invalid_token" });
    }
    return json(404, { error: "not_found" });
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      data += chunk;
    });
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

const provider = new TestProvider();
let t: TestApp;
let app: FastifyInstance;
let ipCounter = 0;

beforeAll(async () => {
  await provider.start();
  t = await createTestApp({
    publicUrl,
    oidc: { issuer: provider.issuer, clientId, clientSecret, allowInsecureRequests: true },
  });
  app = t.app;
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});
beforeEach(() => {
  provider.emailOnlyInUserInfo = false;
  provider.wrongNonce = false;
  provider.deny = false;
});

/** Each call from its own address, so the callback's rate limit never interferes. */
function freshIp() {
  ipCounter += 1;
  return `10.9.0.${ipCounter}`;
}

function cookieOf(res: LightMyRequestResponse, suffix: string) {
  return res.cookies.find((c) => c.name.endsWith(suffix));
}

/** GET /api/login: the provider's authorization URL and the flow cookie header. */
async function startLogin() {
  const res = await app.inject({ url: "/api/login", remoteAddress: freshIp() });
  expect(res.statusCode).toBe(302);
  const flow = cookieOf(res, "rhq_oidc");
  if (!flow) throw new Error("no flow cookie");
  return { res, authorizeUrl: new URL(String(res.headers.location)), cookie: `${flow.name}=${flow.value}` };
}

/** The browser at the provider: it approves at once and redirects back to our callback. */
async function visitProvider(authorizeUrl: URL): Promise<URL> {
  const res = await fetch(authorizeUrl, { redirect: "manual" });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location") ?? "");
}

function callback(url: URL, cookie?: string) {
  return app.inject({
    url: `${url.pathname}${url.search}`,
    headers: cookie ? { cookie } : {},
    remoteAddress: freshIp(),
  });
}

/** The whole round trip for the provider's current identity. */
async function signInThroughProvider() {
  const { authorizeUrl, cookie } = await startLogin();
  return callback(await visitProvider(authorizeUrl), cookie);
}

async function sessionsOf(userId: string) {
  return app.db.select().from(sessions).where(eq(sessions.userId, userId));
}

describe("OpenID Connect sign-in", () => {
  it("starts the authorization-code flow with PKCE, state and nonce in a short-lived signed cookie", async () => {
    const { res, authorizeUrl } = await startLogin();
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${provider.issuer}/authorize`);
    const p = authorizeUrl.searchParams;
    expect(p.get("client_id")).toBe(clientId);
    expect(p.get("response_type")).toBe("code");
    expect(p.get("scope")).toBe("openid email profile");
    expect(p.get("redirect_uri")).toBe(redirectUri);
    expect(p.get("code_challenge_method")).toBe("S256");
    expect(p.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get("state")).toBeTruthy();
    expect(p.get("nonce")).toBeTruthy();

    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/^rhq_oidc=/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Max-Age=600");
    // The verifier itself never leaves in the URL, only its challenge.
    const flow = cookieOf(res, "rhq_oidc")!;
    const flowJson = JSON.parse(decodeURIComponent(flow.value).replace(/\.[^.]+$/, ""));
    expect(createHash("sha256").update(flowJson.codeVerifier).digest("base64url")).toBe(p.get("code_challenge"));
    expect(flowJson.state).toBe(p.get("state"));
  });

  it("signs in the active user with that email (any case) exactly like a password sign-in", async () => {
    const user = await createTestUser(app, "staff", { email: "Ola.Oidc@Example.com" });
    provider.identity = { sub: "ola", email: "ola.oidc@EXAMPLE.com", email_verified: true };

    const res = await signInThroughProvider();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/admin");
    const session = cookieOf(res, "rhq_session");
    expect(session?.value).toBeTruthy();
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    // The flow cookie is spent.
    expect(cookieOf(res, "rhq_oidc")?.value).toBe("");

    const me = await app.inject({ url: "/api/auth/user", headers: { cookie: `${session!.name}=${session!.value}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, email: "Ola.Oidc@Example.com", role: "staff" });

    const login = await theOneLoginOf(app, user.id);
    expect(login.newValues).toEqual({ method: "oidc" });

    // The provider really checked the client secret and the PKCE verifier (it refuses otherwise).
    const exchange = provider.tokenRequests.at(-1)!;
    expect(exchange.get("code_verifier")).toBeTruthy();
    expect(exchange.get("redirect_uri")).toBe(redirectUri);
  });

  it("drops a session the browser already carried (no fixation)", async () => {
    const user = await createTestUser(app, "owner", { email: "fix@example.com" });
    provider.identity = { sub: "fix", email: "fix@example.com", email_verified: true };
    const planted = await sessionCookieFor(app, user.id);
    const { authorizeUrl, cookie } = await startLogin();
    const back = await visitProvider(authorizeUrl);
    const res = await callback(back, `${cookie}; ${planted}`);
    expect(res.headers.location).toBe("/admin");
    const rows = await sessionsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(planted).not.toContain(cookieOf(res, "rhq_session")!.value);
  });

  it("reads the email and email_verified from UserInfo when the ID token lacks them", async () => {
    const user = await createTestUser(app, "staff", { email: "userinfo@example.com" });
    provider.identity = { sub: "ui", email: "userinfo@example.com", email_verified: true };
    provider.emailOnlyInUserInfo = true;
    const res = await signInThroughProvider();
    expect(res.headers.location).toBe("/admin");
    expect(await sessionsOf(user.id)).toHaveLength(1);
  });

  // Formerly a missing claim was accepted: a provider that lets users set any address without
  // proving it would then sign them in as whoever owns that address here.
  it("refuses an email whose verification the provider does not confirm (claim missing, in the ID token or UserInfo)", async () => {
    const user = await createTestUser(app, "owner", { email: "unconfirmed@example.com" });
    for (const emailOnlyInUserInfo of [false, true]) {
      provider.identity = { sub: "unconfirmed", email: "unconfirmed@example.com" };
      provider.emailOnlyInUserInfo = emailOnlyInUserInfo;
      const res = await signInThroughProvider();
      expect(res.headers.location).toBe("/admin?error=oidc_email_unverified");
      expect(cookieOf(res, "rhq_session")).toBeUndefined();
    }
    for (const emailVerified of [1, "yes", "TRUE", null]) {
      provider.identity = {
        sub: "unconfirmed",
        email: "unconfirmed@example.com",
        email_verified: emailVerified as unknown as boolean,
      };
      const res = await signInThroughProvider();
      expect(res.headers.location, String(emailVerified)).toBe("/admin?error=oidc_email_unverified");
    }
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it('accepts email_verified sent as the string "true" (Cognito\'s UserInfo)', async () => {
    const user = await createTestUser(app, "staff", { email: "cognito@example.com" });
    provider.identity = { sub: "cognito", email: "cognito@example.com", email_verified: "true" };
    provider.emailOnlyInUserInfo = true;
    const res = await signInThroughProvider();
    expect(res.headers.location).toBe("/admin");
    expect(await sessionsOf(user.id)).toHaveLength(1);
  });

  it("discovers the provider once and reuses the configuration", async () => {
    const before = provider.discoveryRequests;
    await startLogin();
    await startLogin();
    expect(provider.discoveryRequests).toBe(before);
    expect(before).toBe(1);
  });

  it("refuses a callback whose state does not match the cookie", async () => {
    const user = await createTestUser(app, "staff", { email: "state@example.com" });
    provider.identity = { sub: "state", email: "state@example.com", email_verified: true };
    const { authorizeUrl, cookie } = await startLogin();
    const back = await visitProvider(authorizeUrl);
    back.searchParams.set("state", "forged-state");
    const res = await callback(back, cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/admin?error=oidc_failed");
    expect(cookieOf(res, "rhq_session")).toBeUndefined();
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it("refuses a callback without the flow cookie, or with a tampered one", async () => {
    const user = await createTestUser(app, "staff", { email: "nocookie@example.com" });
    provider.identity = { sub: "nc", email: "nocookie@example.com", email_verified: true };
    const { authorizeUrl, cookie } = await startLogin();
    const back = await visitProvider(authorizeUrl);
    expect((await callback(back)).headers.location).toBe("/admin?error=oidc_failed");
    const tampered = cookie.replace(/\.[^.]+$/, ".AAAA");
    expect((await callback(back, tampered)).headers.location).toBe("/admin?error=oidc_failed");
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it("refuses an ID token whose nonce is not the one requested", async () => {
    const user = await createTestUser(app, "staff", { email: "nonce@example.com" });
    provider.identity = { sub: "nonce", email: "nonce@example.com", email_verified: true };
    provider.wrongNonce = true;
    const res = await signInThroughProvider();
    expect(res.headers.location).toBe("/admin?error=oidc_failed");
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it("cannot use the same callback twice", async () => {
    const user = await createTestUser(app, "staff", { email: "replay@example.com" });
    provider.identity = { sub: "replay", email: "replay@example.com", email_verified: true };
    const { authorizeUrl, cookie } = await startLogin();
    const back = await visitProvider(authorizeUrl);
    expect((await callback(back, cookie)).headers.location).toBe("/admin");
    expect((await callback(back, cookie)).headers.location).toBe("/admin?error=oidc_failed");
    expect(await sessionsOf(user.id)).toHaveLength(1);
  });

  it("creates no account and no session for an unknown email", async () => {
    provider.identity = { sub: "stranger", email: "stranger@example.com", email_verified: true };
    const res = await signInThroughProvider();
    expect(res.headers.location).toBe("/admin?error=oidc_no_account");
    expect(cookieOf(res, "rhq_session")).toBeUndefined();
    const found = await app.db.select().from(users).where(eq(users.email, "stranger@example.com"));
    expect(found).toHaveLength(0);
    const [failure] = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "login_failed"), eq(auditLogs.entityId, "stranger@example.com")));
    expect(failure!.newValues).toMatchObject({ reason: "unknown_user", method: "oidc" });
  });

  it("gives an inactive user no session", async () => {
    const user = await createTestUser(app, "staff", { email: "gone@example.com", isActive: false });
    provider.identity = { sub: "gone", email: "gone@example.com", email_verified: true };
    const res = await signInThroughProvider();
    expect(res.headers.location).toBe("/admin?error=oidc_no_account");
    expect(cookieOf(res, "rhq_session")).toBeUndefined();
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it("refuses an email the provider says is unverified (boolean or string)", async () => {
    const user = await createTestUser(app, "staff", { email: "unverified@example.com" });
    for (const emailVerified of [false, "false"]) {
      provider.identity = { sub: "unv", email: "unverified@example.com", email_verified: emailVerified };
      const res = await signInThroughProvider();
      expect(res.headers.location).toBe("/admin?error=oidc_email_unverified");
    }
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it("says so when the user cancels at the provider", async () => {
    provider.deny = true;
    const res = await signInThroughProvider();
    expect(res.headers.location).toBe("/admin?error=oidc_cancelled");
  });

  it("sends a signed-in user to /admin instead of the provider", async () => {
    const user = await createTestUser(app, "staff");
    const res = await app.inject({ url: "/api/login", headers: { cookie: await sessionCookieFor(app, user.id) } });
    expect(res.headers.location).toBe("/admin");
  });
});

describe("OpenID Connect when the provider is unreachable", () => {
  it("returns to /admin with an error, and tries discovery again on the next sign-in", async () => {
    const other = await createTestApp({
      publicUrl,
      oidc: { issuer: provider.issuer, clientId, clientSecret, allowInsecureRequests: true },
    });
    try {
      provider.failDiscovery = true;
      const failed = await other.app.inject({ url: "/api/login" });
      expect(failed.headers.location).toBe("/admin?error=oidc_failed");
      expect(failed.cookies.find((c) => c.name === "rhq_oidc")).toBeUndefined();
      const retried = await other.app.inject({ url: "/api/login" });
      expect(String(retried.headers.location)).toMatch(new RegExp(`^${provider.issuer}/authorize\\?`));
    } finally {
      await other.close();
    }
    // A second app (migrations included) is slow when the machine is busy.
  }, 120_000);
});

describe("without OpenID Connect configured", () => {
  it("/api/login leads to the password form and the callback does nothing", async () => {
    const plain = await createTestApp();
    try {
      const login = await plain.app.inject({ url: "/api/login" });
      expect(login.statusCode).toBe(302);
      expect(login.headers.location).toBe("/admin");
      const cb = await plain.app.inject({ url: "/api/auth/oidc/callback?code=x&state=y" });
      expect(cb.headers.location).toBe("/admin");
      expect(cb.cookies.find((c) => c.name === "rhq_session")).toBeUndefined();
    } finally {
      await plain.close();
    }
  }, 120_000);
});
