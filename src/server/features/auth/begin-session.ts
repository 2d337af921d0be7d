import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createSession, deleteExpiredSessions, deleteSession, setSessionCookie } from "../../auth/session";

/**
 * Starts a session for a user who has just proved who they are (password or OpenID Connect): a
 * new session id on every sign-in, so an id planted before sign-in (fixation) is dropped.
 */
export async function beginSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  if (request.sessionId) await deleteSession(app.db, request.sessionId);
  const token = await createSession(app.db, userId, {
    ipAddress: request.ip,
    userAgent: request.headers["user-agent"]?.slice(0, 500),
  });
  setSessionCookie(app, reply, token);
  // Sign-ins are rare enough to carry the clean-up of abandoned sessions (indexed on expire).
  await deleteExpiredSessions(app.db);
  reply.header("Cache-Control", "no-store");
}
