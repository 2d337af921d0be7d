import { createHash, randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Role } from "../../shared/constants";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";

/** Signed out after this long without a request (sliding). */
export const idleTimeoutMs = 2 * 60 * 60 * 1000;
/** Signed out this long after sign-in, however active (limits a stolen cookie's life). */
export const absoluteTimeoutMs = 12 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often, so a busy page does not write on every request. */
export const touchIntervalMs = 60 * 1000;

/** The signed-in user as every route sees it (request.user). */
export type SessionUser = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  isActive: boolean;
};

/** What a `sessions.sess` row holds. Times are epoch milliseconds. */
export type SessionData = {
  userId: string;
  createdAt: number;
  lastSeenAt: number;
  ipAddress?: string;
  userAgent?: string;
};

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in, active user, or null. Loaded from the session cookie on every /api request. */
    user: SessionUser | null;
    /** Id of the session row (a hash of the cookie's token), or null. */
    sessionId: string | null;
  }
}

export function sessionCookieName(publicUrl: string): string {
  // __Host- makes browsers refuse the cookie unless Secure, Path=/ and without Domain, so a
  // sibling subdomain cannot plant or overwrite it.
  return isHttps(publicUrl) ? "__Host-rhq_session" : "rhq_session";
}

function isHttps(publicUrl: string): boolean {
  return new URL(publicUrl).protocol === "https:";
}

/**
 * The row key is the SHA-256 of the cookie's token, so a leaked sessions table (backup, replica,
 * log) does not hold working cookies.
 */
function sessionIdOf(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

function expiryOf(data: SessionData): Date {
  return new Date(Math.min(data.lastSeenAt + idleTimeoutMs, data.createdAt + absoluteTimeoutMs));
}

function isLive(data: SessionData, expire: Date, now: number): boolean {
  return expire.getTime() > now && now - data.lastSeenAt < idleTimeoutMs && now - data.createdAt < absoluteTimeoutMs;
}

/** Creates a session row and returns its cookie token (256 random bits). */
export async function createSession(
  db: Db,
  userId: string,
  meta: { ipAddress?: string; userAgent?: string } = {},
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  const data: SessionData = { userId, createdAt: now, lastSeenAt: now, ...meta };
  await db.insert(sessions).values({ sid: sessionIdOf(token), sess: data, expire: expiryOf(data), userId });
  return token;
}

/** Ends every session of a user: deactivation, password change, role change. */
export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sessionId));
}

/** Removes rows past their expiry; cheap thanks to sessions_expire_idx. */
export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expire, new Date()));
}

/**
 * Resolves a cookie token to its user. Expired sessions and sessions of inactive users are
 * deleted and resolve to null. Refreshes lastSeenAt (sliding idle timeout) at most once a minute.
 */
export async function loadSession(db: Db, token: string): Promise<{ sessionId: string; user: SessionUser } | null> {
  const sid = sessionIdOf(token);
  const [row] = await db
    .select({
      sess: sessions.sess,
      expire: sessions.expire,
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      isActive: users.isActive,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.sid, sid))
    .limit(1);
  if (!row) return null;
  const data = row.sess as SessionData;
  const now = Date.now();
  if (!row.id || !row.email || !row.isActive || !isLive(data, row.expire, now)) {
    await deleteSession(db, sid);
    return null;
  }
  if (now - data.lastSeenAt >= touchIntervalMs) {
    const touched: SessionData = { ...data, lastSeenAt: now };
    await db
      .update(sessions)
      .set({ sess: touched, expire: expiryOf(touched) })
      .where(eq(sessions.sid, sid));
  }
  return {
    sessionId: sid,
    user: {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      role: row.role as Role,
      isActive: row.isActive,
    },
  };
}

/**
 * Secure when the site is https (PUBLIC_URL), and also whenever the request itself came over
 * https (directly, or through a proxy TRUST_PROXY believes): a deployment that forgot PUBLIC_URL
 * still never sends its cookies over plain http.
 */
export function secureCookies(app: FastifyInstance, request: FastifyRequest): boolean {
  return isHttps(app.config.publicUrl) || request.protocol === "https";
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, Path=/, Secure on https; lives as long as the absolute timeout. */
export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string): void {
  reply.setCookie(sessionCookieName(app.config.publicUrl), token, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookies(app, reply.request),
    signed: true,
    maxAge: Math.floor(absoluteTimeoutMs / 1000),
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(app.config.publicUrl), {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookies(app, reply.request),
  });
}

/** The raw token from the signed cookie, or null when absent or tampered with. */
function tokenFrom(app: FastifyInstance, request: FastifyRequest): string | null {
  const raw = request.cookies[sessionCookieName(app.config.publicUrl)];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

/**
 * Loads request.user from the session cookie for every /api request (pages and static files
 * need no user, so they cost no query). Must be registered after @fastify/cookie and before
 * any route.
 */
export function registerSessionLoading(app: FastifyInstance): void {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);
  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/api/")) return;
    const token = tokenFrom(app, request);
    if (!token) return;
    const loaded = await loadSession(app.db, token);
    if (!loaded) {
      clearSessionCookie(app, reply);
      return;
    }
    request.user = loaded.user;
    request.sessionId = loaded.sessionId;
  });
}
