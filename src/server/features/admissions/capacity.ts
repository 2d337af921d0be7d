/**
 * Capacity, the one rule (docs/decisions/008-payments-and-places.md): an application in accepted
 * or payment holds a place on its retreat, and a couple holds two. Everything that counts people
 * holding a place (places taken, beds used, guests) counts with these; nowhere else spells it out.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { peopleOf, placeHoldingStages } from "../../../shared/schemas/payments";
import { applications } from "../../db/schema";
import type { DbOrTx } from "../../db/types";

export { peopleOf };

export function holdsPlace(stage: string): boolean {
  return (placeHoldingStages as readonly string[]).includes(stage);
}

/** People one application row stands for, in SQL: the same rule as peopleOf. */
export const peopleSql = sql<number>`case when ${applications.applicationType} = 'couple' then 2 else 1 end`;

/** The people of every application row in the query, summed (0 for none), as an int. */
export const peopleCountSql = sql<number>`coalesce(sum(${peopleSql}), 0)::int`;

/** The stages that hold a place, as a condition on the applications table. */
export const holdsPlaceSql = inArray(applications.stage, [...placeHoldingStages]);

/**
 * People (a couple counts 2) holding a place on the retreat: applications in accepted or
 * payment. `exceptApplicationId` leaves one application out, so the caller can ask "is there
 * room for this one" whether or not its own stage has been written yet.
 */
export async function placesTaken(db: DbOrTx, retreatId: string, exceptApplicationId?: string): Promise<number> {
  const [row] = await db
    .select({ n: peopleCountSql })
    .from(applications)
    .where(
      and(
        eq(applications.retreatId, retreatId),
        holdsPlaceSql,
        exceptApplicationId ? ne(applications.id, exceptApplicationId) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}
