import type { DbOrTx } from "../../email/outbox";
import type { RenderedEmail } from "../../email/render";
import { renderSystemEmail, type SystemTemplateData } from "../../email/system-templates";

/** Emails sent when staff move an application to one of these stages (and leave "notify" on). */
export type StageEmailKind = "accepted" | "waitlist" | "declined";

export type StageEmailData = SystemTemplateData["stage_accepted"];

/** The stage's editable message (email templates stage_accepted, ...); null when switched off. */
export function renderStageEmail(
  db: DbOrTx,
  kind: StageEmailKind,
  data: StageEmailData,
): Promise<RenderedEmail | null> {
  return renderSystemEmail(db, `stage_${kind}`, data);
}
