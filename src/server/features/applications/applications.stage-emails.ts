import type { DbOrTx } from "../../db/types";
import type { RenderedEmail } from "../../email/render";
import { renderSystemEmail, type SystemTemplateData } from "../../email/system-templates";

/** Emails sent when staff move an application to one of these stages (and leave "notify" on). */
export type StageEmailKind = "accepted" | "waitlist" | "declined";

/** payUrl (the deposit's pay link, only in the acceptance) is "" unless Stripe is on: see stripe/pay-link.ts. */
export type StageEmailData = SystemTemplateData["stage_waitlist"] & { payUrl?: string };

/** The stage's editable message (email templates stage_accepted, ...); null when switched off. */
export function renderStageEmail(
  db: DbOrTx,
  kind: StageEmailKind,
  data: StageEmailData,
  retreatId: string | null,
): Promise<RenderedEmail | null> {
  const scope = { retreatId };
  if (kind === "accepted")
    return renderSystemEmail(db, "stage_accepted", { ...data, payUrl: data.payUrl ?? "" }, scope);
  return renderSystemEmail(db, `stage_${kind}`, data, scope);
}
