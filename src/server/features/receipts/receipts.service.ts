/**
 * Receipts and credit notes (docs/decisions/017-lists-and-receipts.md). issueReceipt runs inside
 * the transaction that completes a payment (payments.service.ts): the number, the receipt and its
 * email (PDF attached, through the outbox) commit with the payment or not at all, so a number is
 * never skipped and never given twice.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { displayName } from "../../../shared/display/people";
import { formatAmount, fromPence, toPence } from "../../../shared/finance/money";
import { paymentTypeLabel } from "../../../shared/schemas/payments";
import {
  guestReceiptPath,
  type ReceiptKind,
  type ReceiptSummary,
  receiptKindLabels,
  receiptNotFoundMessage,
  receiptNumber,
} from "../../../shared/schemas/receipts";
import { seasonYear } from "../../../shared/season";
import type { Db } from "../../db/client";
import {
  applications,
  emailSubscribers,
  paymentPlans,
  payments,
  type Receipt,
  type ReceiptItem,
  receiptSequences,
  receipts,
  retreats,
  users,
} from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { queueEmail } from "../../email/outbox";
import { renderSystemEmail } from "../../email/system-templates";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";
import { receiptFileName, renderReceiptPdf } from "./receipt-pdf";

export type { ReceiptItem };

export const receiptEmailSkipped = {
  optedOut: "The payer has switched off application and retreat emails.",
  switchedOff: "The receipt email is switched off in the email templates.",
} as const;

/**
 * The next number of the retreat's sequence for this kind. The upsert takes the sequence's row
 * lock until the caller's transaction ends: a concurrent completion waits here and then reads the
 * number this one wrote; a rollback undoes the increment, so no number is skipped.
 */
async function nextSequence(tx: DbOrTx, retreatId: string, kind: ReceiptKind): Promise<number> {
  const [row] = await tx
    .insert(receiptSequences)
    .values({ retreatId, kind, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [receiptSequences.retreatId, receiptSequences.kind],
      set: { lastNumber: sql`${receiptSequences.lastNumber} + 1` },
    })
    .returning({ lastNumber: receiptSequences.lastNumber });
  return row!.lastNumber;
}

/** Completed payments less completed refunds: what the applicant has paid, net. */
async function paidToDate(tx: DbOrTx, applicationId: string): Promise<number> {
  const [row] = await tx
    .select({
      sum: sql<string>`coalesce(sum(case when ${payments.type} = 'refund' then -${payments.amount} else ${payments.amount} end), 0)::text`,
    })
    .from(payments)
    .where(and(eq(payments.applicationId, applicationId), eq(payments.status, "completed")));
  return toPence(row?.sum ?? "0");
}

async function payerOptedOut(tx: DbOrTx, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ applicationEmails: emailSubscribers.applicationEmails, off: emailSubscribers.globallyUnsubscribed })
    .from(emailSubscribers)
    .where(sql`lower(${emailSubscribers.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return Boolean(row && (!row.applicationEmails || row.off));
}

export type IssuedReceipt = { receiptId: string; number: string; emailLogId: string | null };

/**
 * Issues the receipt of a completed payment (a credit note for a refund) and queues its email, in
 * the caller's transaction, after the payment and its plan are updated. `items` says what the
 * payment paid for when it settled several scheduled payments (a manual payment); otherwise it is
 * the payment itself. Idempotent: a payment that has its receipt gets it back. Returns null for a
 * payment of an application without a retreat (the product never makes one: acceptance needs one).
 */
export async function issueReceipt(
  tx: DbOrTx,
  paymentId: string,
  actor: Actor,
  options: { items?: ReceiptItem[] } = {},
): Promise<IssuedReceipt | null> {
  const [existing] = await tx
    .select({ id: receipts.id, number: receipts.number, emailLogId: receipts.emailLogId })
    .from(receipts)
    .where(eq(receipts.paymentId, paymentId));
  if (existing) return { receiptId: existing.id, number: existing.number, emailLogId: existing.emailLogId };

  const [row] = await tx
    .select({ payment: payments, application: applications, retreat: retreats, plan: paymentPlans })
    .from(payments)
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .leftJoin(retreats, eq(retreats.id, applications.retreatId))
    .leftJoin(paymentPlans, eq(paymentPlans.id, payments.paymentPlanId))
    .where(eq(payments.id, paymentId));
  if (!row) throw new AppError("not_found", "Payment not found");
  const { payment, application, retreat, plan } = row;
  if (payment.status !== "completed") throw new Error(`Payment ${paymentId} is not completed: no receipt`);
  if (!retreat) return null;

  const kind: ReceiptKind = payment.type === "refund" ? "credit_note" : "receipt";
  const sequence = await nextSequence(tx, retreat.id, kind);
  const number = receiptNumber(kind, seasonYear(retreat), sequence);
  const items = options.items?.length
    ? options.items
    : [{ label: payment.description?.trim() || paymentTypeLabel(payment.type), amount: payment.amount }];
  const withPlan = kind === "receipt" && plan;
  const [receipt] = await tx
    .insert(receipts)
    .values({
      paymentId,
      retreatId: retreat.id,
      kind,
      sequence,
      number,
      amount: fromPence(toPence(payment.amount)),
      currency: payment.currency,
      paymentMethod: payment.paymentMethod,
      paidAt: payment.paidAt ?? new Date(),
      items,
      paidToDate: fromPence(await paidToDate(tx, application.id)),
      planTotal: withPlan ? plan.totalAmount : null,
      remainingBalance: withPlan ? plan.remainingAmount : null,
      // The app's clock, as paidAt's: the database's now() is when the transaction began.
      issuedAt: new Date(),
    })
    .returning();

  const { emailLogId, skipped } = await emailReceipt(tx, receipt!, application, retreat.name);
  if (emailLogId || skipped) {
    await tx.update(receipts).set({ emailLogId, emailSkipped: skipped }).where(eq(receipts.id, receipt!.id));
  }
  await recordAudit(tx as Db, {
    ...actor,
    action: "issue",
    entityType: "receipt",
    entityId: receipt!.id,
    newValues: {
      paymentId,
      applicationId: application.id,
      number,
      kind,
      amount: receipt!.amount,
      emailLogId,
      emailSkipped: skipped,
    },
  });
  return { receiptId: receipt!.id, number, emailLogId };
}

async function emailReceipt(
  tx: DbOrTx,
  receipt: Receipt,
  payer: typeof applications.$inferSelect,
  retreatName: string,
): Promise<{ emailLogId: string | null; skipped: string | null }> {
  // The same preference as payment reminders: the receipt stays in the portal either way.
  if (await payerOptedOut(tx, payer.email)) return { emailLogId: null, skipped: receiptEmailSkipped.optedOut };
  const money = (amount: string) => formatAmount(amount, receipt.currency);
  const email = await renderSystemEmail(tx, "payment_receipt", {
    firstName: payer.firstName?.trim() || "there",
    documentTitle: receiptKindLabels[receipt.kind as ReceiptKind],
    number: receipt.number,
    amount: money(receipt.amount),
    paidFor: receipt.items.map((item) => item.label).join(", "),
    remainingBalance: receipt.remainingBalance === null ? "" : money(receipt.remainingBalance),
    retreatName,
    isRefund: receipt.kind === "credit_note",
  });
  if (!email) return { emailLogId: null, skipped: receiptEmailSkipped.switchedOff };
  const pdf = await renderReceiptPdf({ receipt, payer, retreatName });
  const emailLogId = await queueEmail(tx, {
    to: payer.email,
    name: displayName({ firstName: payer.firstName, lastName: payer.lastName }) || null,
    email,
    kind: "payment_receipt",
    idempotencyKey: `receipt:${receipt.id}`,
    attachments: [
      {
        filename: receiptFileName(receipt),
        contentType: "application/pdf",
        content: pdf.toString("base64"),
        encoding: "base64",
      },
    ],
  });
  return { emailLogId, skipped: null };
}

// ---------------------------------------------------------------------------------------------
// Reading receipts
// ---------------------------------------------------------------------------------------------

const describe = (items: ReceiptItem[]) => items.map((item) => item.label).join(", ");

function toSummary(receipt: Receipt, url: string): ReceiptSummary {
  return {
    paymentId: receipt.paymentId,
    number: receipt.number,
    kind: receipt.kind as ReceiptKind,
    amount: receipt.amount,
    currency: receipt.currency,
    paidAt: receipt.paidAt.toISOString(),
    issuedAt: receipt.issuedAt.toISOString(),
    description: describe(receipt.items),
    url,
  };
}

/** The guest's application, or null when the account is not linked to one. */
async function guestApplicationId(db: DbOrTx, userId: string): Promise<string | null> {
  const [user] = await db
    .select({ applicationId: users.applicationId })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, "guest")));
  return user?.applicationId ?? null;
}

/** GET /api/guest/receipts: the guest's own receipts and credit notes, newest first. */
export async function listGuestReceipts(db: Db, userId: string): Promise<ReceiptSummary[]> {
  const applicationId = await guestApplicationId(db, userId);
  if (!applicationId) return [];
  const rows = await db
    .select({ receipt: receipts })
    .from(receipts)
    .innerJoin(payments, eq(payments.id, receipts.paymentId))
    .where(eq(payments.applicationId, applicationId))
    .orderBy(desc(receipts.issuedAt), desc(receipts.sequence));
  return rows.map(({ receipt }) => toSummary(receipt, guestReceiptPath(receipt.paymentId)));
}

async function receiptDocument(db: Db, paymentId: string, applicationId: string | null) {
  const [row] = await db
    .select({ receipt: receipts, payer: applications, retreatName: retreats.name })
    .from(receipts)
    .innerJoin(payments, eq(payments.id, receipts.paymentId))
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .innerJoin(retreats, eq(retreats.id, receipts.retreatId))
    .where(
      and(
        eq(receipts.paymentId, paymentId),
        applicationId === null ? undefined : eq(payments.applicationId, applicationId),
      ),
    );
  if (!row) throw new AppError("not_found", receiptNotFoundMessage);
  return { ...row, pdf: await renderReceiptPdf(row), fileName: receiptFileName(row.receipt) };
}

/**
 * GET /api/guest/receipts/{paymentId}.pdf: only the guest's own. Someone else's payment, a
 * payment without a receipt and an unknown id all answer the same 404, so an id reveals nothing.
 */
export async function guestReceiptPdf(db: Db, userId: string, paymentId: string) {
  const applicationId = await guestApplicationId(db, userId);
  if (!applicationId) throw new AppError("not_found", receiptNotFoundMessage);
  return receiptDocument(db, paymentId, applicationId);
}

/** GET /api/admin/payments/{id}/receipt.pdf (owner and staff). */
export async function adminReceiptPdf(db: Db, paymentId: string) {
  return receiptDocument(db, paymentId, null);
}
