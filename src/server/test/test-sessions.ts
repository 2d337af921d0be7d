/**
 * Test helpers (imported only by *.test.ts): users of each role and signed-in cookies, without
 * the argon2 cost of a real sign-in. Production code has no such path: sessions are only
 * created by signing in (password, OpenID Connect) and by creating the first owner (setup link).
 */
import type { FastifyInstance } from "fastify";
import type { Role } from "../../shared/constants";
import { createSession, sessionCookieName } from "../auth/session";
import { users } from "../db/schema";

let counter = 0;

export async function createTestUser(
  app: FastifyInstance,
  role: Role,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<typeof users.$inferSelect> {
  counter += 1;
  const [user] = await app.db
    .insert(users)
    .values({
      email: `${role}-${counter}-${Date.now()}@example.com`,
      firstName: role[0]!.toUpperCase() + role.slice(1),
      lastName: "Tester",
      role,
      ...overrides,
    })
    .returning();
  return user!;
}

/** A `cookie` header value carrying a fresh session for the user. */
export async function sessionCookieFor(app: FastifyInstance, userId: string): Promise<string> {
  const token = await createSession(app.db, userId);
  return `${sessionCookieName(app.config.publicUrl)}=${app.signCookie(token)}`;
}

/** A new user of the role (with any column the test cares about) and a cookie header signed in as them. */
export async function signedInAs(app: FastifyInstance, role: Role, overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await createTestUser(app, role, overrides);
  return { user, cookie: await sessionCookieFor(app, user.id) };
}

/** What signedInAs gives: the user and their cookie header. */
export type Signed = Awaited<ReturnType<typeof signedInAs>>;
