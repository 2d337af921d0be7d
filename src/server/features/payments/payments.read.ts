/** Read models of the Payments tab: plans with their payments, the payments list, the overview. */
import { and, asc, count, desc, eq, gte, inArray, ne, type SQL, sql } from "drizzle-orm";
import { businessTimeZone, currency as defaultCurrency } from "../../../shared/constants";
import { todayIn } from "../../../shared/finance/dates";
import { fromPence, toPence } from "../../../shared/finance/money";
import {
  overviewListLimit,
  type PaymentDto,
  type PaymentListQuery,
  type PaymentListResponse,
  type PaymentOverview,
  type PaymentPlanDto,
  recentPaymentsLimit,
  recentWindowDays,
} from "../../../shared/schemas/payments";
import { adminReceiptPath } from "../../../shared/schemas/receipts";
import type { Db } from "../../db/client";
import { retreatRowOr404 } from "../../db/current-retreat";
import { applications, bookingTypes, emailLogs, paymentPlans, payments, receipts } from "../../db/schema";
import { AppError } from "../../http/errors";
import { moneyFigures, overduePayment, upcomingPayment } from "./money-figures";

/** "Ada Lovelace", or the email when both names are blank. */
const applicantName = sql<
  string | null
>`nullif(trim(coalesce(${applications.firstName}, '') || ' ' || coalesce(${applications.lastName}, '')), '')`;

const paymentColumns = {
  id: payments.id,
  applicationId: payments.applicationId,
  paymentPlanId: payments.paymentPlanId,
  type: payments.type,
  amount: payments.amount,
  currency: payments.currency,
  status: payments.status,
  paymentMethod: payments.paymentMethod,
  dueDate: payments.dueDate,
  paidAt: payments.paidAt,
  description: payments.description,
  createdAt: payments.createdAt,
  applicantName,
  applicantEmail: applications.email,
  receiptNumber: receipts.number,
  receiptKind: receipts.kind,
  receiptIssuedAt: receipts.issuedAt,
  receiptEmailSkipped: receipts.emailSkipped,
  receiptEmailStatus: emailLogs.status,
};

type PaymentRow = Omit<PaymentDto, "paidAt" | "createdAt" | "applicantEmail" | "receipt"> & {
  paidAt: Date | null;
  createdAt: Date;
  applicantEmail: string | null;
  receiptNumber: string | null;
  receiptKind: string | null;
  receiptIssuedAt: Date | null;
  receiptEmailSkipped: string | null;
  receiptEmailStatus: string | null;
};

function toPaymentDto(row: PaymentRow): PaymentDto {
  const { receiptNumber, receiptKind, receiptIssuedAt, receiptEmailSkipped, receiptEmailStatus, ...payment } = row;
  return {
    ...payment,
    amount: fromPence(toPence(row.amount)),
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    applicantName: row.applicantName ?? row.applicantEmail,
    receipt:
      receiptNumber && receiptIssuedAt
        ? {
            number: receiptNumber,
            kind: receiptKind === "credit_note" ? "credit_note" : "receipt",
            issuedAt: receiptIssuedAt.toISOString(),
            url: adminReceiptPath(row.id),
            emailStatus: receiptEmailStatus,
            emailSkipped: receiptEmailSkipped,
          }
        : null,
  };
}

function selectPayments(db: Db) {
  return db
    .select(paymentColumns)
    .from(payments)
    .leftJoin(applications, eq(applications.id, payments.applicationId))
    .leftJoin(receipts, eq(receipts.paymentId, payments.id))
    .leftJoin(emailLogs, eq(emailLogs.id, receipts.emailLogId));
}

export async function getPayment(db: Db, id: string): Promise<PaymentDto> {
  const [row] = await selectPayments(db).where(eq(payments.id, id)).limit(1);
  if (!row) throw new AppError("not_found", "Payment not found");
  return toPaymentDto(row);
}

/**
 * Payments of one retreat's applications (the season switcher's season), as a condition on
 * payments alone, so list, count and sums filter alike whatever they join. 404 for an unknown
 * retreat; undefined (every retreat) without one.
 */
async function ofRetreat(db: Db, retreatId: string | undefined): Promise<{ where: SQL | undefined; currency: string }> {
  if (!retreatId) return { where: undefined, currency: defaultCurrency };
  const retreat = await retreatRowOr404(db, retreatId);
  const where = inArray(
    payments.applicationId,
    db.select({ id: applications.id }).from(applications).where(eq(applications.retreatId, retreatId)),
  );
  return { where, currency: retreat.currency };
}

export async function listPayments(db: Db, query: PaymentListQuery): Promise<PaymentListResponse> {
  const conditions: SQL[] = [];
  const season = (await ofRetreat(db, query.retreatId)).where;
  if (season) conditions.push(season);
  if (query.status) conditions.push(eq(payments.status, query.status));
  if (query.applicationId) conditions.push(eq(payments.applicationId, query.applicationId));
  if (query.paymentPlanId) conditions.push(eq(payments.paymentPlanId, query.paymentPlanId));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await selectPayments(db)
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [counted] = await db.select({ n: count() }).from(payments).where(where);
  return { items: rows.map(toPaymentDto), total: counted?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** Plans are few (a retreat has 15 places); the cap only guards against a runaway list. */
export const maxPlansListed = 500;

export async function listPlans(
  db: Db,
  filters: { status?: string; applicationId?: string; retreatId?: string; id?: string },
): Promise<PaymentPlanDto[]> {
  const conditions: SQL[] = [];
  if (filters.id) conditions.push(eq(paymentPlans.id, filters.id));
  if (filters.status) conditions.push(eq(paymentPlans.status, filters.status));
  if (filters.applicationId) conditions.push(eq(paymentPlans.applicationId, filters.applicationId));
  if (filters.retreatId) {
    await retreatRowOr404(db, filters.retreatId);
    conditions.push(eq(applications.retreatId, filters.retreatId));
  }
  const plans = await db
    .select({
      id: paymentPlans.id,
      applicationId: paymentPlans.applicationId,
      applicantName,
      applicantEmail: applications.email,
      applicationType: applications.applicationType,
      bookingTypeId: paymentPlans.bookingTypeId,
      bookingTypeName: sql<string | null>`coalesce(${bookingTypes.displayName}, ${bookingTypes.name})`,
      planType: paymentPlans.planType,
      totalAmount: paymentPlans.totalAmount,
      depositAmount: paymentPlans.depositAmount,
      remainingAmount: paymentPlans.remainingAmount,
      currency: paymentPlans.currency,
      installmentCount: paymentPlans.installmentCount,
      status: paymentPlans.status,
      createdAt: paymentPlans.createdAt,
    })
    .from(paymentPlans)
    .leftJoin(applications, eq(applications.id, paymentPlans.applicationId))
    .leftJoin(bookingTypes, eq(bookingTypes.id, paymentPlans.bookingTypeId))
    .where(conditions.length ? and(...conditions) : undefined)
    // Active plans first, then the newest.
    .orderBy(sql`(${paymentPlans.status} = 'active') desc`, desc(paymentPlans.createdAt), desc(paymentPlans.id))
    .limit(maxPlansListed);
  if (plans.length === 0) return [];
  const rows = await selectPayments(db)
    .where(
      inArray(
        payments.paymentPlanId,
        plans.map((p) => p.id),
      ),
    )
    .orderBy(sql`${payments.dueDate} asc nulls last`, asc(payments.createdAt));
  const byPlan = new Map<string, PaymentDto[]>();
  for (const row of rows) {
    const list = byPlan.get(row.paymentPlanId!) ?? [];
    list.push(toPaymentDto(row));
    byPlan.set(row.paymentPlanId!, list);
  }
  return plans.map((plan) => {
    const planPayments = byPlan.get(plan.id) ?? [];
    const total = toPence(plan.totalAmount);
    const remaining = toPence(plan.remainingAmount);
    const nextDue = planPayments
      .filter((p) => p.status === "pending" && p.dueDate)
      .map((p) => p.dueDate!)
      .sort()[0];
    return {
      ...plan,
      applicantName: plan.applicantName ?? plan.applicantEmail,
      totalAmount: fromPence(total),
      depositAmount: plan.depositAmount === null ? null : fromPence(toPence(plan.depositAmount)),
      remainingAmount: fromPence(remaining),
      paidAmount: fromPence(total - remaining),
      nextDueDate: nextDue ?? null,
      createdAt: plan.createdAt.toISOString(),
      payments: planPayments,
    };
  });
}

export async function getPlan(db: Db, id: string): Promise<PaymentPlanDto> {
  const [plan] = await listPlans(db, { id });
  if (!plan) throw new AppError("not_found", "Payment plan not found");
  return plan;
}

// ---------------------------------------------------------------------------------------------
// Overview
// ---------------------------------------------------------------------------------------------

const sumText = sql<string>`coalesce(sum(${payments.amount}), 0)::text`;

/** The first rows of an owed-payment window; its count and amount come from moneyFigures. */
async function owedList(db: Db, where: SQL) {
  const rows = await selectPayments(db)
    .innerJoin(paymentPlans, eq(paymentPlans.id, payments.paymentPlanId))
    .where(where)
    .orderBy(asc(payments.dueDate), asc(payments.id))
    .limit(overviewListLimit);
  return rows.map(toPaymentDto);
}

/**
 * Outstanding, upcoming and overdue are the money figures (money-figures.ts), the same the Finance
 * tab and the dashboard use. Dates are London calendar days, as the plans' due dates were computed.
 */
export async function paymentOverview(
  db: Db,
  options: { retreatId?: string; now?: Date } = {},
): Promise<PaymentOverview> {
  const now = options.now ?? new Date();
  const today = todayIn(businessTimeZone, now);
  const { where: season, currency } = await ofRetreat(db, options.retreatId);
  const figures = await moneyFigures(db, { now, retreatId: options.retreatId });
  const upcoming = await owedList(db, and(upcomingPayment(today), season)!);
  const overdue = await owedList(db, and(overduePayment(today), season)!);
  const recentWhere = and(
    season,
    eq(payments.status, "completed"),
    ne(payments.type, "refund"),
    gte(payments.paidAt, new Date(now.getTime() - recentWindowDays * 86_400_000)),
  );
  const recent = await selectPayments(db)
    .where(recentWhere)
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(recentPaymentsLimit);
  const [recentTotal] = await db.select({ sum: sumText }).from(payments).where(recentWhere);
  return {
    totalOutstanding: fromPence(figures.outstandingPence),
    totalApplications: figures.activePlanApplications,
    upcomingPayments: upcoming,
    upcomingCount: figures.upcoming.count,
    upcomingAmount: fromPence(figures.upcoming.pence),
    overduePayments: overdue,
    overdueCount: figures.overdue.count,
    overdueAmount: fromPence(figures.overdue.pence),
    recentPayments: recent.map(toPaymentDto),
    recentAmount: fromPence(toPence(recentTotal?.sum ?? "0")),
    currency,
  };
}
