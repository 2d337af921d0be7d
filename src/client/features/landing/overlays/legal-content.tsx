import type { LegalModal } from "../../../lib/legal-modals";
import { retreatFacts as facts } from "../content/facts";
import { site } from "../content/site";
import { formatMoney, formatPounds } from "../lib/money";
import { pricingView } from "../lib/pricing";
import { useLandingRetreat } from "../use-current-retreat";
import { contact, Heading, List } from "./legal-parts";
import { PrivacyPolicy } from "./privacy-policy";

export default function LegalContent({ kind }: { kind: LegalModal }) {
  return (
    <div className="space-y-3 leading-relaxed text-ink/85">{kind === "privacy" ? <PrivacyPolicy /> : <Terms />}</div>
  );
}

function Terms() {
  const { data } = useLandingRetreat();
  const pricing = data ? pricingView(data, facts.days, facts.paymentPlan.instalments) : null;
  const currency = pricing?.currency ?? "GBP";
  const deposit =
    pricing?.depositPence != null ? `a deposit of ${formatMoney(pricing.depositPence, currency)}` : "a deposit";
  const c = facts.cancellation;
  return (
    <>
      <Heading>1. These terms</Heading>
      <p>
        These terms apply between you and {site.brand} when you apply for and book the Bali Vegan Activism Retreat. By
        paying a deposit you accept them.
      </p>

      <Heading>2. Applications</Heading>
      <p>
        The retreat is by application only and applying does not guarantee a place. The first{" "}
        {facts.priorityApplications} applications get priority and the best choice of rooms; applications close when the
        retreat is full. We may decline an application without giving detailed reasons; declined applicants who ask to
        stay on our priority list for future retreats are kept on it; otherwise their application is anonymised as the
        Privacy Policy describes.
      </p>

      <Heading>3. Price and what is included</Heading>
      <p>
        Prices are per person in pounds sterling, as shown in the Investment section, and include the villa, all
        plant-based meals, workshops, the listed excursions and airport transfers. Flights, travel insurance, visas and
        personal spending are not included. The VIP Ultimate upgrade is optional and is added to either rate.
      </p>

      <Heading>4. Payment</Heading>
      <p>
        After acceptance you receive a payment link. Your place is confirmed when {deposit} is paid. The balance is due
        in {facts.paymentPlan.instalments} equal payments, {facts.paymentPlan.monthsBefore[0]} months and{" "}
        {facts.paymentPlan.monthsBefore[1]} months before departure. If a payment is more than 14 days late we may
        release your place, in which case the cancellation terms below apply.
      </p>

      <Heading>5. If you cancel</Heading>
      <List
        items={[
          `More than ${c.fullRefundDays} days before the retreat: full refund minus a ${formatPounds(c.adminFeePounds, currency)} admin fee.`,
          `${c.partialRefundDays}-${c.fullRefundDays} days before: ${c.partialRefundPercent}% refund of what you have paid.`,
          `Less than ${c.partialRefundDays} days before: no refund.`,
        ]}
      />

      <Heading>6. Risk-free guarantee</Heading>
      <p>
        If you are not satisfied within the first {facts.guaranteeHours} hours of the retreat, tell the founder and
        leave; we refund what you paid us in full, minus travel costs already incurred.
      </p>

      <Heading>7. If we change or cancel the retreat</Heading>
      <p>
        Exact dates are announced once the programme is confirmed; you may cancel with a full refund if they do not suit
        you. If we cancel the retreat you receive a full refund. Activities can change for weather or safety. We are not
        responsible for flights or other costs you booked yourself, which is why insurance is mandatory.
      </p>

      <Heading>8. Insurance, documents and health</Heading>
      <p>
        Travel insurance covering medical care, evacuation and cancellation is mandatory. Your passport must be valid
        for at least 6 months after the retreat, and you are responsible for your visa. Some activities (the Mount Batur
        sunrise hike, snorkelling, rafting) need reasonable fitness; they are optional and you join them at your own
        risk, following the guides' instructions.
      </p>

      <Heading>9. Community</Heading>
      <p>
        The retreat is a plant-based, respectful and inclusive space. We may ask anyone who endangers or harasses others
        to leave, without a refund.
      </p>

      <Heading>10. Photos</Heading>
      <p>
        We take photos and video during the retreat for the photo albums, highlight videos and our own channels. Tell us
        at any time if you would rather not appear, and we will respect that.
      </p>

      <Heading>11. Liability and law</Heading>
      <p>
        Nothing in these terms limits liability for death or personal injury caused by negligence, or anything else the
        law does not allow us to limit. Otherwise our liability is limited to the price you paid. These terms are
        governed by the law of England and Wales. Questions: {contact}.
      </p>
    </>
  );
}
