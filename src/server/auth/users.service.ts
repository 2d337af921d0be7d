import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { roles } from "../../shared/constants";
import { passwordSchema } from "../../shared/schemas/users";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import { hashPassword } from "./password";

export const upsertUserSchema = z.object({
  email: z.email("Please enter a valid email address."),
  password: passwordSchema,
  role: z.enum(roles),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
});

/**
 * Creates a user or updates the one with that email (case-insensitive): new password hash,
 * role, active again. A password change ends the user's existing sessions.
 */
export async function upsertUserWithPassword(db: Db, input: z.infer<typeof upsertUserSchema>) {
  const data = upsertUserSchema.parse(input);
  const passwordHash = await hashPassword(data.password);
  const email = data.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
    if (existing) {
      const [updated] = await tx
        .update(users)
        .set({
          passwordHash,
          role: data.role,
          isActive: true,
          firstName: data.firstName ?? existing.firstName,
          lastName: data.lastName ?? existing.lastName,
          updatedAt: new Date(),
        })
        .where(eq(users.id, existing.id))
        .returning();
      await tx.delete(sessions).where(eq(sessions.userId, existing.id));
      return { user: updated!, created: false };
    }
    const [created] = await tx
      .insert(users)
      .values({ email, passwordHash, role: data.role, firstName: data.firstName, lastName: data.lastName })
      .returning();
    return { user: created!, created: true };
  });
}
