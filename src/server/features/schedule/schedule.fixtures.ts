/** Test-only rows for the schedule, rooms and guest tests (imported only by *.test.ts). */
import type { FastifyInstance } from "fastify";
import { applications, retreats } from "../../db/schema";

let counter = 0;

export async function insertRetreat(app: FastifyInstance, overrides: Partial<typeof retreats.$inferInsert> = {}) {
  counter += 1;
  const [row] = await app.db
    .insert(retreats)
    .values({ name: `Test retreat ${counter}`, status: "planning", ...overrides })
    .returning();
  return row!;
}

export async function insertApplication(
  app: FastifyInstance,
  overrides: Partial<typeof applications.$inferInsert> & { retreatId: string },
) {
  counter += 1;
  const [row] = await app.db
    .insert(applications)
    .values({
      firstName: `Guest${counter}`,
      lastName: "Tester",
      email: `guest-${counter}-${Date.now()}@example.com`,
      stage: "accepted",
      ...overrides,
    })
    .returning();
  return row!;
}
