import { createHash } from "node:crypto";
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { applications, feedbackResponses, retreats } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";

export const feedbackMessages = {
  invalid: "This feedback link is not valid.",
  used: "This feedback link has already been used. Thank you, we have your answer.",
  thanks: "Thank you for your feedback!",
} as const;

/**
 * The survey link's token is a credential: the table keeps only its hash (a database dump or a
 * backup holds no working link), like set-password and booking links.
 */
export function feedbackTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export async function feedbackByToken(db: Db, token: string) {
  const [row] = await db
    .select({ response: feedbackResponses, retreatName: retreats.name, firstName: applications.firstName })
    .from(feedbackResponses)
    .innerJoin(retreats, eq(retreats.id, feedbackResponses.retreatId))
    .innerJoin(applications, eq(applications.id, feedbackResponses.applicationId))
    .where(eq(feedbackResponses.token, feedbackTokenHash(token)));
  return row ?? null;
}

/**
 * Stores a guest's answer once: the update only matches a response not yet submitted, so a
 * second use (another tab, a replay) changes nothing and reports "used".
 */
export async function submitFeedback(
  db: Db,
  token: string,
  answer: { rating: number; comment: string; mayQuote: boolean },
): Promise<"saved" | "used" | "invalid"> {
  const [row] = await db
    .update(feedbackResponses)
    .set({
      rating: answer.rating,
      comment: answer.comment.trim() || null,
      mayQuote: answer.mayQuote,
      submittedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(feedbackResponses.token, feedbackTokenHash(token)), isNull(feedbackResponses.submittedAt)))
    .returning({ id: feedbackResponses.id });
  if (row) return "saved";
  const existing = await feedbackByToken(db, token);
  return existing ? "used" : "invalid";
}

/** The back office's view: every answer of a retreat and the average rating. */
export async function feedbackForRetreat(db: Db, retreatId: string) {
  const rows = await db
    .select({
      id: feedbackResponses.id,
      rating: feedbackResponses.rating,
      comment: feedbackResponses.comment,
      mayQuote: feedbackResponses.mayQuote,
      published: feedbackResponses.published,
      submittedAt: feedbackResponses.submittedAt,
      firstName: applications.firstName,
    })
    .from(feedbackResponses)
    .innerJoin(applications, eq(applications.id, feedbackResponses.applicationId))
    .where(and(eq(feedbackResponses.retreatId, retreatId), isNotNull(feedbackResponses.submittedAt)))
    .orderBy(desc(feedbackResponses.submittedAt));
  const rated = rows.filter((r) => r.rating !== null);
  const average = rated.length ? rated.reduce((sum, r) => sum + r.rating!, 0) / rated.length : null;
  return {
    count: rows.length,
    average: average === null ? null : Math.round(average * 10) / 10,
    responses: rows.map((r) => ({ ...r, submittedAt: r.submittedAt?.toISOString() ?? null })),
  };
}

/** Staff choose which quotes appear on the landing page: only a guest who allowed it. */
export async function setPublished(db: Db, id: string, published: boolean, actor: Actor) {
  const [row] = await db.select().from(feedbackResponses).where(eq(feedbackResponses.id, id));
  if (!row?.submittedAt) throw new AppError("not_found", "Feedback not found");
  if (published && (!row.mayQuote || !row.comment)) {
    throw new AppError("conflict", "This guest did not allow quoting, or left no words to quote");
  }
  await db.update(feedbackResponses).set({ published, updatedAt: new Date() }).where(eq(feedbackResponses.id, id));
  await recordAudit(db, {
    ...actor,
    action: "update",
    entityType: "feedback_response",
    entityId: id,
    oldValues: { published: row.published },
    newValues: { published },
  });
}

export type Testimonial = { quote: string; firstName: string; retreatName: string };

/** The quotes staff chose, for the landing page's Testimonials block (first name only). */
export async function publishedTestimonials(db: DbOrTx): Promise<Testimonial[]> {
  const rows = await db
    .select({ quote: feedbackResponses.comment, firstName: applications.firstName, retreatName: retreats.name })
    .from(feedbackResponses)
    .innerJoin(applications, eq(applications.id, feedbackResponses.applicationId))
    .innerJoin(retreats, eq(retreats.id, feedbackResponses.retreatId))
    .where(
      and(
        eq(feedbackResponses.published, true),
        eq(feedbackResponses.mayQuote, true),
        isNotNull(feedbackResponses.comment),
        isNull(applications.anonymisedAt),
      ),
    )
    .orderBy(desc(feedbackResponses.submittedAt))
    .limit(12);
  return rows.map((r) => ({
    quote: r.quote!,
    firstName: (r.firstName ?? "").trim().split(/\s+/)[0] || "A guest",
    retreatName: r.retreatName,
  }));
}
