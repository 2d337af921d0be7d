import { formatPounds } from "../lib/money";
import { retreatFacts as facts } from "./facts";

export interface FaqItem {
  question: string;
  answer: string;
}

/**
 * The FAQ, from the spec's business constants (section 9). It is a static island (rendered once
 * at build time), so it quotes no booking-type price: those live in the Investment section, which
 * reads them from the database.
 */
export function buildFaq(currency = "GBP"): FaqItem[] {
  const money = (pounds: number) => formatPounds(pounds, currency);
  const { cancellation: c, paymentPlan: plan } = facts;
  return [
    {
      question: "How many people will be there?",
      answer: `At most ${facts.capacity} guests, and ${facts.totalPeople} people in total with the team. We stay together as one group in a private villa with ${facts.villaRooms} rooms, so everyone gets to know each other.`,
    },
    {
      question: "Can I come on my own?",
      answer: `Absolutely: ${facts.soloShare} of our guests come solo. You will be welcomed into the group chat before you fly, and you will leave with friends.`,
    },
    {
      question: "Is there a payment plan?",
      answer: `Yes. A deposit secures your place, then the balance is split into ${plan.instalments} equal payments, due ${plan.monthsBefore[0]} months and ${plan.monthsBefore[1]} months before departure. The deposit and each payment for your rate are shown under Investment.`,
    },
    {
      question: "Are flights included?",
      answer: `Flights are not included. Return flights to Bali (Denpasar) usually cost ${money(facts.flightCostPounds.min)}-${money(facts.flightCostPounds.max)}, depending on where you fly from and when you book. Airport pickup and drop-off are included.`,
    },
    {
      question: "Do I need travel insurance?",
      answer:
        "Yes, travel insurance is mandatory for every guest. Once you are accepted we ask for your policy details in a short travel form, together with your flights and an emergency contact.",
    },
    {
      question: "What is the cancellation policy?",
      answer: `Cancel more than ${c.fullRefundDays} days before the retreat for a full refund minus a ${money(c.adminFeePounds)} admin fee. Between ${c.partialRefundDays} and ${c.fullRefundDays} days before, you receive a ${c.partialRefundPercent}% refund. Within ${c.partialRefundDays} days of the retreat no refund is possible, which is one more reason to have travel insurance.`,
    },
    {
      question: "What if the retreat is not right for me?",
      answer: `Our risk-free guarantee: if you are not satisfied within the first ${facts.guaranteeHours} hours, tell us and we will refund you in full, minus any travel costs already incurred.`,
    },
    {
      question: "What should I pack?",
      answer: `We send every guest a packing checklist ${facts.packingChecklistWeeks} weeks before departure, with everything from hiking shoes for Mount Batur to reef-safe sunscreen.`,
    },
    {
      question: "When exactly is the retreat?",
      answer: `${facts.datesLabel}, for ${facts.days} days and ${facts.nights} nights. The exact dates will be announced soon; everyone who applies or joins the waitlist hears first.`,
    },
    {
      question: "Is all the food vegan?",
      answer:
        "Everything is 100% plant-based, always. Tell us about allergies and preferences in your application and our chef will take care of you.",
    },
  ];
}
