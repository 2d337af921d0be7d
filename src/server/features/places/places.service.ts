/**
 * Places on a retreat and waitlist offers (docs/decisions/008-payments-and-places.md). Stub:
 * being built. The signature is the contract the stage-change code calls.
 */
import type { DbOrTx } from "../../email/outbox";
import type { AuditEntry } from "../audit/audit.service";

export type Actor = Pick<AuditEntry, "userId" | "ipAddress" | "userAgent">;

/**
 * Called inside the transaction in which an application gives up its place (declined or
 * cancelled after acceptance, or its deposit overdue past the grace period): offers the place to
 * the next waitlisted application. Returns email_logs ids to dispatch after commit.
 */
export async function releasePlace(
  _tx: DbOrTx,
  _input: { retreatId: string; releasedByApplicationId: string | null; publicUrl: string },
  _actor: Actor | null,
): Promise<{ emailLogIds: string[] }> {
  return { emailLogIds: [] };
}
