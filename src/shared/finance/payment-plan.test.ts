import { describe, expect, it } from "vitest";
import { installmentDueDates, planPayments } from "./payment-plan";

const solo = { pricePence: 199_700, depositPence: 50_000, vipPence: 0, people: 1 as const };
const retreatStart = "2027-09-10";
const sum = (plan: ReturnType<typeof planPayments>) => plan.payments.reduce((t, p) => t + p.amountPence, 0);

describe("payment plan generation", () => {
  it("gives an individual a deposit on acceptance and two equal instalments 6 and 3 months out", () => {
    const plan = planPayments({ ...solo, acceptedOn: "2026-11-22", retreatStart });
    expect(plan.totalPence).toBe(199_700);
    expect(plan.payments).toEqual([
      { type: "deposit", sequence: 1, amountPence: 50_000, dueDate: "2026-11-22", description: "Deposit" },
      {
        type: "installment",
        sequence: 2,
        amountPence: 74_850,
        dueDate: "2027-03-10",
        description: "Instalment 1 of 2",
      },
      {
        type: "installment",
        sequence: 3,
        amountPence: 74_850,
        dueDate: "2027-06-10",
        description: "Instalment 2 of 2",
      },
    ]);
    expect(plan.installmentCount).toBe(2);
  });

  it("charges a couple twice the per-person price and two deposits", () => {
    const plan = planPayments({ ...solo, pricePence: 189_700, people: 2, acceptedOn: "2026-11-22", retreatStart });
    expect(plan.totalPence).toBe(379_400);
    expect(plan.depositPence).toBe(100_000);
    expect(plan.payments.map((p) => p.amountPence)).toEqual([100_000, 139_700, 139_700]);
    expect(sum(plan)).toBe(plan.totalPence);
  });

  it("adds the VIP upgrade per person and never loses the odd penny", () => {
    const plan = planPayments({ ...solo, vipPence: 60_001, acceptedOn: "2026-11-22", retreatStart });
    expect(plan.totalPence).toBe(259_701);
    expect(plan.payments.map((p) => p.amountPence)).toEqual([50_000, 104_851, 104_850]);
    expect(sum(plan)).toBe(plan.totalPence);
    const couple = planPayments({ ...solo, vipPence: 60_000, people: 2, acceptedOn: "2026-11-22", retreatStart });
    expect(couple.totalPence).toBe((199_700 + 60_000) * 2);
    expect(sum(couple)).toBe(couple.totalPence);
  });

  it("brings instalments forward when acceptance comes late", () => {
    // Four months before: the 6-month date has passed, so it falls due a week after acceptance.
    const late = planPayments({ ...solo, acceptedOn: "2027-05-10", retreatStart });
    expect(late.payments.map((p) => p.dueDate)).toEqual(["2027-05-10", "2027-05-17", "2027-06-10"]);
    // Six weeks before: both instalments a week after acceptance.
    expect(installmentDueDates("2027-07-30", retreatStart)).toEqual(["2027-08-06", "2027-08-06"]);
    // Three days before: everything due on acceptance, and never after the retreat starts.
    expect(installmentDueDates("2027-09-07", retreatStart)).toEqual(["2027-09-09", "2027-09-09"]);
    expect(installmentDueDates("2027-09-10", retreatStart)).toEqual(["2027-09-10", "2027-09-10"]);
    // Due dates never go backwards.
    for (const acceptedOn of ["2026-01-01", "2027-03-09", "2027-06-04", "2027-09-01"]) {
      const [first, second] = installmentDueDates(acceptedOn, retreatStart);
      expect(first! <= second!).toBe(true);
      expect(first! >= acceptedOn).toBe(true);
    }
  });

  it("spaces instalments 30 and 60 days out when the retreat has no start date yet", () => {
    expect(installmentDueDates("2026-11-22", null)).toEqual(["2026-12-22", "2027-01-21"]);
  });

  it("caps the deposit at the total and refuses fractional pence", () => {
    const cheap = planPayments({ ...solo, pricePence: 30_000, acceptedOn: "2026-11-22", retreatStart });
    expect(cheap.payments).toHaveLength(1);
    expect(cheap.payments[0]!.amountPence).toBe(30_000);
    expect(() => planPayments({ ...solo, pricePence: 1.5, acceptedOn: "2026-11-22", retreatStart })).toThrow();
  });
});
