/**
 * The price summary on the offer page: the plan the applicant gets by accepting today. Pricing
 * (which rate, the VIP add-on, the schedule) belongs to the payments feature alone, so the
 * preview runs its createPlanForAcceptance in a transaction that is always rolled back, instead
 * of a second copy of the rules here.
 */
import { and, asc, desc, eq, ne } from "drizzle-orm";
import { businessTimeZone } from "../../../shared/constants";
import { todayIn } from "../../../shared/finance/dates";
import type { PublicPlaceOffer } from "../../../shared/schemas/places";
import { type applications, bookingTypes, paymentPlans, payments, type retreats } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { AppError } from "../../http/errors";
import { createPlanForAcceptance } from "../payments/payments.service";

type Summary = { bookingTypeName: string | null; price: NonNullable<PublicPlaceOffer["price"]> };

class PreviewDone extends Error {
  constructor(readonly summary: Summary | null) {
    super("preview rolled back");
  }
}

async function planSummary(tx: DbOrTx, planId: string): Promise<Summary | null> {
  const [plan] = await tx
    .select({ plan: paymentPlans, typeName: bookingTypes.displayName, typeKey: bookingTypes.name })
    .from(paymentPlans)
    .leftJoin(bookingTypes, eq(bookingTypes.id, paymentPlans.bookingTypeId))
    .where(eq(paymentPlans.id, planId));
  if (!plan) return null;
  const rows = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.paymentPlanId, planId), ne(payments.type, "refund")))
    .orderBy(asc(payments.dueDate), asc(payments.createdAt));
  return {
    bookingTypeName: plan.typeName ?? plan.typeKey ?? null,
    price: {
      currency: plan.plan.currency,
      total: plan.plan.totalAmount,
      deposit: plan.plan.depositAmount ?? "0.00",
      payments: rows.map((p) => ({
        type: p.type,
        amount: p.amount,
        dueDate: p.dueDate ?? "",
        description: p.description ?? "",
      })),
    },
  };
}

/**
 * For an accepted offer, the plan it created; for an open one, the plan accepting today would
 * create (null when it cannot be priced, e.g. no booking type: the page then shows no figures).
 */
export async function offerPriceSummary(
  tx: DbOrTx,
  application: typeof applications.$inferSelect,
  _retreat: typeof retreats.$inferSelect,
  now: Date,
): Promise<Summary | null> {
  const [existing] = await tx
    .select({ id: paymentPlans.id })
    .from(paymentPlans)
    .where(and(eq(paymentPlans.applicationId, application.id), ne(paymentPlans.status, "cancelled")))
    .orderBy(desc(paymentPlans.createdAt))
    .limit(1);
  if (existing) return planSummary(tx, existing.id);
  try {
    await tx.transaction(async (preview) => {
      const created = await createPlanForAcceptance(preview, application.id, todayIn(businessTimeZone, now), {
        userId: null,
        ipAddress: null,
        userAgent: null,
      });
      throw new PreviewDone(created ? await planSummary(preview, created.planId) : null);
    });
  } catch (error) {
    if (error instanceof PreviewDone) return error.summary;
    if (error instanceof AppError) return null;
    throw error;
  }
  return null;
}
