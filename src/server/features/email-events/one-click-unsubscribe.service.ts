import { eq } from "drizzle-orm";
import { tokenParamSchema } from "../../../shared/schemas/email-preferences";
import type { Db } from "../../db/client";
import { emailSubscribers } from "../../db/schema";
import { AppError } from "../../http/errors";
import { attributeUnsubscribe, invalidLinkMessage } from "../email-preferences/email-preferences.service";

/**
 * RFC 8058 one-click: switches off marketing emails only (what the List-Unsubscribe button in a
 * mail app promises for a newsletter); application and system emails continue. Idempotent: a
 * repeated request finds marketing already off and writes nothing.
 */
export async function oneClickUnsubscribe(db: Db, token: string, campaignId: string | undefined): Promise<void> {
  // One answer for a malformed and an unknown token, as on the token pages.
  if (!tokenParamSchema.safeParse({ token }).success) throw new AppError("not_found", invalidLinkMessage);
  await db.transaction(async (tx) => {
    const [subscriber] = await tx
      .select({ id: emailSubscribers.id, marketingEmails: emailSubscribers.marketingEmails })
      .from(emailSubscribers)
      .where(eq(emailSubscribers.unsubscribeToken, token))
      .for("update");
    if (!subscriber) throw new AppError("not_found", invalidLinkMessage);
    const now = new Date();
    if (subscriber.marketingEmails) {
      await tx
        .update(emailSubscribers)
        .set({ marketingEmails: false, preferencesUpdatedAt: now })
        .where(eq(emailSubscribers.id, subscriber.id));
    }
    if (campaignId) await attributeUnsubscribe(tx, campaignId, subscriber.id, now);
  });
}
