import { z } from "zod";
import { costModelProblem, costModels, lineProblem } from "../finance/cost-models";
import { toPence } from "../finance/money";
import { limits } from "./common";

// ---------------------------------------------------------------------------------------------
// Vocabulary (back-office.md section 9)
// ---------------------------------------------------------------------------------------------

export const expenseCategories = ["accommodation", "food", "transport", "activities", "staff", "utilities"] as const;
export type ExpenseCategory = (typeof expenseCategories)[number];
export const expenseCategoryLabels: Record<ExpenseCategory, string> = {
  accommodation: "Accommodation",
  food: "Food",
  transport: "Transport",
  activities: "Activities",
  staff: "Staff",
  utilities: "Utilities",
};

export const paymentMethods = ["card", "cash", "bank_transfer", "check"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  card: "Card",
  cash: "Cash",
  bank_transfer: "Bank transfer",
  check: "Cheque",
};

export const beneficiaryTypes = ["participant", "staff", "infrastructure", "owner"] as const;
export type BeneficiaryType = (typeof beneficiaryTypes)[number];
export const beneficiaryTypeLabels: Record<BeneficiaryType, string> = {
  participant: "Participant",
  staff: "Staff",
  infrastructure: "Infrastructure",
  owner: "Owner",
};

export const costModelLabels: Record<(typeof costModels)[number], string> = {
  total: "Total amount",
  per_person: "Per person",
  daily_rate: "Daily rate",
  per_trip: "Per trip",
};
/** budget_items has no trip count column, so a budget line is priced by the other three models. */
export const budgetCostModels = ["total", "per_person", "daily_rate"] as const;

export const expenseStatuses = ["pending", "approved", "paid", "rejected"] as const;
export type ExpenseStatus = (typeof expenseStatuses)[number];
export const vendorPaymentStatuses = ["pending", "approved", "paid"] as const;
export type VendorPaymentStatus = (typeof vendorPaymentStatuses)[number];
export const financeStatusLabels: Record<ExpenseStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  paid: "Paid",
  rejected: "Rejected",
};

// ---------------------------------------------------------------------------------------------
// Messages (back-office.md section 5; the cost-model ones live with costModelProblem)
// ---------------------------------------------------------------------------------------------

export const financeMessages = {
  descriptionRequired: "Description is required",
  amountPositive: "Amount must be greater than 0",
  amountFormat: "Amount must be a number with at most two decimal places, below 100,000,000",
  expenseDateRequired: "Expense date is required",
  dateInvalid: "Enter a valid date",
  reasonRequired: "A reason is required to reject an expense",
  wholeNumber: "Enter a whole number",
  currencyMismatch: (currency: string) => `Amounts must be in the retreat's currency (${currency})`,
  expenseNotFound: "Expense not found.",
  budgetNotFound: "Budget item not found.",
  vendorPaymentNotFound: "Vendor payment not found.",
  vendorNotFound: "Vendor not found.",
  noRetreat: "There is no current retreat.",
  onlyPendingApprove: "Only a pending expense can be approved.",
  onlyPendingReject: "Only a pending expense can be rejected.",
  onlyApprovedPaid: "Only an approved expense can be marked paid.",
  onlyPendingDelete: "Only a pending expense can be deleted.",
  budgetHasExpenses: "This budget item has expenses linked to it, so it cannot be deleted.",
  onlyPendingVendorApprove: "Only a pending vendor payment can be approved.",
  onlyApprovedVendorPaid: "Only an approved vendor payment can be marked paid.",
  expenseOtherRetreat: "The expense belongs to another retreat.",
  expenseOtherVendor: "The expense is for another vendor.",
  nothingToUpdate: "Nothing to update.",
} as const;

// ---------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------

const amountPattern = /^\d{1,8}(\.\d{1,2})?$/;

/** The amount as typed ("120", "120.5") or as a JSON number; checked here, converted with toPence. */
export const amountInput = z
  .union([z.string(), z.number()], { error: financeMessages.amountPositive })
  .superRefine((value, ctx) => {
    const text = typeof value === "number" ? String(value) : value.trim();
    const number = Number(text);
    if (text === "" || !Number.isFinite(number) || number <= 0) {
      ctx.addIssue({ code: "custom", message: financeMessages.amountPositive });
    } else if (!amountPattern.test(text)) {
      ctx.addIssue({ code: "custom", message: financeMessages.amountFormat });
    }
  });
export type AmountInput = z.input<typeof amountInput>;

/** Pence of a value amountInput accepted. */
export function amountToPence(value: AmountInput): number {
  return toPence(typeof value === "number" ? String(value) : value.trim());
}

const day = (message = financeMessages.dateInvalid) => z.iso.date(message);
const optionalDay = day().nullable().default(null);
const count = z.number(financeMessages.wholeNumber).int(financeMessages.wholeNumber).max(100_000).nullable();
const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
/** Blank text is stored as null. No default here: a PATCH must not fill in absent fields. */
const nullableText = (max: number) =>
  text(max)
    .nullable()
    .transform((v) => (v ? v : null));
const optionalText = (max: number) => nullableText(max).default(null);
const description = z
  .string(financeMessages.descriptionRequired)
  .trim()
  .min(1, financeMessages.descriptionRequired)
  .max(limits.shortText, `Description can be at most ${limits.shortText} characters`);
const currencyCode = z
  .string()
  .trim()
  .regex(/^[A-Z]{3}$/, "Currency must be a three-letter code such as GBP");

type PricedInput = {
  costModel: (typeof costModels)[number];
  participantCount?: number | null;
  startDate?: string | null;
  endDate?: string | null;
  tripCount?: number | null;
};

/**
 * The cost-model rule and the line-total cap as a zod check, so server and form word them the
 * same way (costModelProblem, lineProblem). The total is checked only once the amount itself is
 * valid; a problem with the total is reported on the amount field the form shows.
 */
function checkLine(amountKey: "amount" | "budgetedAmount") {
  return (value: PricedInput & Record<string, unknown>, ctx: z.RefinementCtx) => {
    const problem = costModelProblem(value);
    if (problem) return ctx.addIssue({ code: "custom", path: [problem.path], message: problem.message });
    const amount = amountInput.safeParse(value[amountKey]);
    if (!amount.success) return;
    const total = lineProblem({ ...value, amountPence: amountToPence(amount.data) });
    if (total)
      ctx.addIssue({
        code: "custom",
        path: [total.path === "amount" ? amountKey : total.path],
        message: total.message,
      });
  };
}

/** Run the cost-model check even when other fields failed, so the form lists every problem at once. */
const always = { when: () => true };

// ---------------------------------------------------------------------------------------------
// Expenses
// ---------------------------------------------------------------------------------------------

/** POST /api/admin/expenses: the spec's expense create payload. */
export const createExpenseSchema = z
  .strictObject({
    description,
    amount: amountInput,
    category: z.enum(expenseCategories, "Choose a category").default("accommodation"),
    expenseDate: z
      .string(financeMessages.expenseDateRequired)
      .trim()
      .min(1, financeMessages.expenseDateRequired)
      .pipe(day()),
    paymentMethod: z.enum(paymentMethods, "Choose a payment method").default("card"),
    vendorId: z.uuid("Choose a valid vendor").nullable().default(null),
    currency: currencyCode.optional(),
    beneficiaryType: z.enum(beneficiaryTypes, "Choose a beneficiary type").default("participant"),
    beneficiaryId: optionalText(200),
    costModel: z.enum(costModels, "Choose a cost model").default("total"),
    participantCount: count.default(null),
    startDate: optionalDay,
    endDate: optionalDay,
    tripCount: count.default(null),
    isParticipantCost: z.boolean().default(true),
    activityId: optionalText(200),
    retreatId: z.uuid("Retreat id must be a uuid").optional(),
    notes: optionalText(limits.longText),
  })
  .superRefine(checkLine("amount"), always);
export type CreateExpenseInput = z.input<typeof createExpenseSchema>;
export type CreateExpense = z.output<typeof createExpenseSchema>;

export const rejectExpenseSchema = z.strictObject({
  reason: z
    .string(financeMessages.reasonRequired)
    .trim()
    .min(1, financeMessages.reasonRequired)
    .max(limits.shortText, `The reason can be at most ${limits.shortText} characters`),
});

export const expenseListQuerySchema = z.object({
  retreatId: z.uuid("Retreat id must be a uuid").optional(),
  status: z.enum(expenseStatuses, "Unknown status").optional(),
  category: z.enum(expenseCategories, "Unknown category").optional(),
});

export const retreatQuerySchema = z.object({ retreatId: z.uuid("Retreat id must be a uuid").optional() });
export const financeIdParamsSchema = z.object({ id: z.uuid("Id must be a uuid") });

const moneyString = z.string();

export const expenseSchema = z.object({
  id: z.string(),
  retreatId: z.string().nullable(),
  description: z.string(),
  /** The rate as entered. */
  amount: moneyString,
  /** amount x the cost model's multiplier (costTotalPence). */
  total: moneyString,
  currency: z.string(),
  category: z.string(),
  expenseDate: z.string(),
  paymentMethod: z.string(),
  vendorId: z.string().nullable(),
  vendorName: z.string().nullable(),
  beneficiaryType: z.string(),
  beneficiaryId: z.string().nullable(),
  costModel: z.string(),
  participantCount: z.number().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  tripCount: z.number().nullable(),
  isParticipantCost: z.boolean(),
  activityId: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.string(),
  approvedAt: z.string().nullable(),
  approvedByName: z.string().nullable(),
  paidAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
});
export type ExpenseDto = z.infer<typeof expenseSchema>;

// ---------------------------------------------------------------------------------------------
// Budget items
// ---------------------------------------------------------------------------------------------

const budgetFields = {
  category: z.enum(expenseCategories, "Choose a category"),
  description,
  budgetedAmount: amountInput,
  isParticipantCost: z.boolean(),
  currency: currencyCode,
  notes: nullableText(limits.longText),
  beneficiaryType: z.enum(beneficiaryTypes, "Choose a beneficiary type"),
  costModel: z.enum(budgetCostModels, "Choose a cost model"),
  participantCount: count,
  startDate: day().nullable(),
  endDate: day().nullable(),
};

/** POST /api/admin/budgets: the spec's budget item plus the pricing columns the table has. */
export const createBudgetSchema = z
  .strictObject({
    category: budgetFields.category.default("accommodation"),
    description: budgetFields.description,
    budgetedAmount: budgetFields.budgetedAmount,
    isParticipantCost: budgetFields.isParticipantCost.default(true),
    retreatId: z.uuid("Retreat id must be a uuid").optional(),
    currency: budgetFields.currency.optional(),
    notes: budgetFields.notes.default(null),
    beneficiaryType: budgetFields.beneficiaryType.default("participant"),
    costModel: budgetFields.costModel.default("total"),
    participantCount: budgetFields.participantCount.default(null),
    startDate: budgetFields.startDate.default(null),
    endDate: budgetFields.endDate.default(null),
  })
  .superRefine(checkLine("budgetedAmount"), always);
export type CreateBudgetInput = z.input<typeof createBudgetSchema>;
export type CreateBudget = z.output<typeof createBudgetSchema>;

/** PATCH /api/admin/budgets/{id}: a change of amount is kept in budget_adjustments with its reason. */
export const updateBudgetSchema = z
  .strictObject({
    category: budgetFields.category,
    description: budgetFields.description,
    budgetedAmount: budgetFields.budgetedAmount,
    isParticipantCost: budgetFields.isParticipantCost,
    notes: budgetFields.notes,
    beneficiaryType: budgetFields.beneficiaryType,
    costModel: budgetFields.costModel,
    participantCount: budgetFields.participantCount,
    startDate: budgetFields.startDate,
    endDate: budgetFields.endDate,
    adjustmentReason: nullableText(limits.shortText),
  })
  .partial()
  .refine((patch) => Object.keys(patch).some((key) => key !== "adjustmentReason"), {
    message: financeMessages.nothingToUpdate,
  });
export type UpdateBudgetInput = z.input<typeof updateBudgetSchema>;

export const budgetItemSchema = z.object({
  id: z.string(),
  retreatId: z.string().nullable(),
  category: z.string(),
  description: z.string(),
  /** The rate as entered. */
  budgetedAmount: moneyString,
  /** budgetedAmount x the cost model's multiplier. */
  total: moneyString,
  currency: z.string(),
  notes: z.string().nullable(),
  isParticipantCost: z.boolean(),
  beneficiaryType: z.string(),
  costModel: z.string(),
  participantCount: z.number().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  expenseCount: z.number().int(),
  adjustmentCount: z.number().int(),
});
export type BudgetItemDto = z.infer<typeof budgetItemSchema>;

// ---------------------------------------------------------------------------------------------
// Vendor payments
// ---------------------------------------------------------------------------------------------

/** POST /api/admin/vendor-payments. */
export const createVendorPaymentSchema = z.strictObject({
  vendorId: z.uuid("Choose a vendor"),
  expenseId: z.uuid("Choose a valid expense").nullable().default(null),
  amount: amountInput,
  paymentMethod: z.enum(paymentMethods, "Choose a payment method").default("bank_transfer"),
  paymentReference: optionalText(200),
  paymentDate: optionalDay,
  notes: optionalText(limits.longText),
  retreatId: z.uuid("Retreat id must be a uuid").optional(),
  currency: currencyCode.optional(),
});
export type CreateVendorPaymentInput = z.input<typeof createVendorPaymentSchema>;

export const vendorPaymentSchema = z.object({
  id: z.string(),
  retreatId: z.string().nullable(),
  vendorId: z.string().nullable(),
  vendorName: z.string().nullable(),
  expenseId: z.string().nullable(),
  expenseDescription: z.string().nullable(),
  amount: moneyString,
  currency: z.string(),
  paymentMethod: z.string().nullable(),
  paymentReference: z.string().nullable(),
  paymentDate: z.string().nullable(),
  status: z.string(),
  approvedAt: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type VendorPaymentDto = z.infer<typeof vendorPaymentSchema>;

// ---------------------------------------------------------------------------------------------
// Financial summary
// ---------------------------------------------------------------------------------------------

const categoryTotalsSchema = z.object({
  budgeted: moneyString,
  spent: moneyString,
  pending: moneyString,
  remaining: moneyString,
});

/** GET /api/admin/financial-summary. Money as decimal strings ("1997.00"), computed in pence. */
export const financialSummarySchema = z.object({
  retreat: z.object({ id: z.string(), name: z.string(), currency: z.string(), capacity: z.number().int() }),
  categories: z.array(categoryTotalsSchema.extend({ category: z.string() })),
  totals: categoryTotalsSchema,
  revenue: z.object({ received: moneyString, due: moneyString, total: moneyString }),
  /** spent + pending. */
  costs: moneyString,
  margin: moneyString,
  guests: z.number().int(),
  costPerGuest: moneyString.nullable(),
  soloPrice: moneyString.nullable(),
  breakEvenGuests: z.number().int().nullable(),
  sanctuary: z.object({ percent: z.number(), amount: moneyString }),
  vendorPayments: z.object({ pending: moneyString, approved: moneyString, paid: moneyString }),
});
export type FinancialSummary = z.infer<typeof financialSummarySchema>;

export const financePaths = {
  budgets: "/api/admin/budgets",
  expenses: "/api/admin/expenses",
  vendorPayments: "/api/admin/vendor-payments",
  summary: "/api/admin/financial-summary",
  summaryCsv: "/api/admin/financial-summary.csv",
} as const;
