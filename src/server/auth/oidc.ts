/**
 * OpenID Connect sign-in (authorization-code flow with PKCE) through openid-client. This module
 * talks to the provider and keeps the flow's secrets in a short-lived cookie; matching the
 * identity to a user and starting the session belong to the auth feature.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as client from "openid-client";
import type { OidcConfig } from "../config";
import { secureCookies } from "./session";

export const oidcCallbackPath = "/api/auth/oidc/callback";
export const oidcScope = "openid email profile";
/** Time allowed at the provider; after it, the flow cookie is gone and the callback is refused. */
export const oidcFlowMaxAgeSeconds = 10 * 60;
/** Discovery metadata is re-read after this long, so a provider's new endpoints are picked up without a restart. */
const discoveryTtlMs = 24 * 60 * 60 * 1000;

/** What the callback must present back: state (CSRF), nonce (ID-token replay), PKCE verifier (code theft). */
export type OidcFlow = { state: string; nonce: string; codeVerifier: string };

/** The signed-in identity: an email address the provider confirms it verified. */
export type OidcIdentity = { email: string; subject: string };

export type OidcFailure = "cancelled" | "failed" | "email_unverified";

/** A refused callback; `reason` decides the message the admin entry page shows. */
export class OidcError extends Error {
  constructor(
    readonly reason: OidcFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export type OidcClient = {
  /** A fresh flow and the provider's authorization URL carrying its state, nonce and code challenge. */
  start(): Promise<{ url: URL; flow: OidcFlow }>;
  /**
   * Validates the provider's redirect (`search` is the callback's query string) against the flow,
   * redeems the code and returns the identity. Throws OidcError.
   */
  finish(search: string, flow: OidcFlow): Promise<OidcIdentity>;
};

/**
 * Only an explicit yes counts: a provider that says nothing may let users type any address, and
 * the address is what picks the account here. Cognito's UserInfo sends the claim as a string.
 */
function confirmsVerification(value: unknown): boolean {
  return value === true || value === "true";
}

export function createOidcClient(settings: OidcConfig, publicUrl: string): OidcClient {
  const redirectUri = `${publicUrl}${oidcCallbackPath}`;
  let cached: { configuration: Promise<client.Configuration>; at: number } | undefined;

  // One discovery per process (and per day), not per sign-in; a failed discovery is not cached,
  // so the next sign-in tries again once the provider is back.
  function configuration(): Promise<client.Configuration> {
    if (cached && Date.now() - cached.at < discoveryTtlMs) return cached.configuration;
    const attempt = client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        undefined,
        settings.allowInsecureRequests ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        if (cached?.configuration === attempt) cached = undefined;
        throw error;
      });
    cached = { configuration: attempt, at: Date.now() };
    return attempt;
  }

  return {
    async start() {
      const config = await configuration();
      const flow: OidcFlow = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: oidcScope,
        response_type: "code",
        code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: "S256",
        state: flow.state,
        nonce: flow.nonce,
      });
      return { url, flow };
    },

    async finish(search, flow) {
      let config: client.Configuration;
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      const callbackUrl = new URL(redirectUri);
      callbackUrl.search = search;
      try {
        config = await configuration();
        tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        if (error instanceof client.AuthorizationResponseError && error.error === "access_denied") {
          throw new OidcError("cancelled", "The user cancelled sign-in at the provider", { cause: error });
        }
        throw new OidcError("failed", "OpenID Connect callback refused", { cause: error });
      }
      const claims = tokens.claims();
      if (!claims) throw new OidcError("failed", "No ID token in the token response");
      let email: unknown = claims.email;
      let verified: unknown = claims.email_verified;
      // Providers that keep the ID token small put the email (or its verification) only in
      // UserInfo; both are then taken from there, so they describe the same address.
      const incomplete = typeof email !== "string" || verified === undefined;
      if (incomplete && config.serverMetadata().userinfo_endpoint) {
        try {
          const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
          email = info.email;
          verified = info.email_verified;
        } catch (error) {
          throw new OidcError("failed", "UserInfo request failed", { cause: error });
        }
      }
      if (typeof email !== "string" || !email.includes("@")) {
        throw new OidcError("failed", "The provider returned no email address");
      }
      if (!confirmsVerification(verified)) {
        throw new OidcError("email_unverified", "The provider does not confirm the email is verified");
      }
      return { email: email.trim().toLowerCase(), subject: claims.sub };
    },
  };
}

function flowCookieName(publicUrl: string): string {
  return new URL(publicUrl).protocol === "https:" ? "__Host-rhq_oidc" : "rhq_oidc";
}

function flowCookieOptions(app: FastifyInstance, request: FastifyRequest) {
  return {
    httpOnly: true,
    // Lax: the provider's redirect back is a top-level GET navigation, which carries Lax cookies.
    sameSite: "lax" as const,
    path: "/",
    secure: secureCookies(app, request),
  };
}

/**
 * Keeps the flow in a signed cookie (integrity; the browser that started the flow must finish it).
 * The issue time is inside the signed value too, so an old cookie is refused even if a client
 * ignores Max-Age.
 */
export function setOidcFlowCookie(app: FastifyInstance, reply: FastifyReply, flow: OidcFlow): void {
  reply.setCookie(flowCookieName(app.config.publicUrl), JSON.stringify({ ...flow, issuedAt: Date.now() }), {
    ...flowCookieOptions(app, reply.request),
    signed: true,
    maxAge: oidcFlowMaxAgeSeconds,
  });
}

export function clearOidcFlowCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(flowCookieName(app.config.publicUrl), flowCookieOptions(app, reply.request));
}

/** The flow from the cookie, or null when absent, tampered with or malformed. */
export function readOidcFlowCookie(app: FastifyInstance, request: FastifyRequest): OidcFlow | null {
  const raw = request.cookies[flowCookieName(app.config.publicUrl)];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const parsed = JSON.parse(unsigned.value) as Partial<OidcFlow & { issuedAt: number }>;
    const { state, nonce, codeVerifier, issuedAt } = parsed;
    if (typeof state !== "string" || typeof nonce !== "string" || typeof codeVerifier !== "string") return null;
    if (typeof issuedAt !== "number" || Date.now() - issuedAt > oidcFlowMaxAgeSeconds * 1000) return null;
    return { state, nonce, codeVerifier };
  } catch {
    return null;
  }
}
