import type { CurrentRetreat } from "../../../../shared/schemas/retreats";
import { instalmentsPence, perDayPence, toPence } from "./money";

export interface RateView {
  id: string;
  title: string;
  description: string | null;
  currency: string;
  pricePence: number;
  perDayPence: number;
  depositPence: number;
  instalmentsPence: number[];
  features: string[];
}

export interface AddonView {
  id: string;
  title: string;
  description: string | null;
  currency: string;
  pricePence: number;
  features: string[];
}

export interface PricingView {
  rates: RateView[];
  addons: AddonView[];
  /** The deposit quoted in the payment plan (the first rate's); null if no rate asks for one. */
  depositPence: number | null;
  currency: string;
}

/**
 * Turns the booking types of the current retreat into what the Investment section shows. Rates
 * and add-ons keep the server's order (its priority), so the page follows the database.
 */
export function pricingView(retreat: CurrentRetreat, days: number, instalments: number): PricingView {
  const rates: RateView[] = [];
  const addons: AddonView[] = [];
  for (const type of retreat.bookingTypes) {
    const pricePence = toPence(type.basePrice);
    const title = type.displayName ?? type.name;
    if (type.isAddon) {
      addons.push({
        id: type.id,
        title,
        description: type.description,
        currency: type.currency,
        pricePence,
        features: type.features,
      });
      continue;
    }
    const depositPence = toPence(type.depositAmount);
    rates.push({
      id: type.id,
      title,
      description: type.description,
      currency: type.currency,
      pricePence,
      perDayPence: perDayPence(pricePence, days),
      depositPence,
      instalmentsPence: instalmentsPence(pricePence, depositPence, instalments),
      features: type.features,
    });
  }
  const withDeposit = rates.find((rate) => rate.depositPence > 0);
  return { rates, addons, depositPence: withDeposit?.depositPence ?? null, currency: retreat.currency };
}
