import type { ReactNode } from "react";
import type { LegalModal } from "../../../lib/legal-modals";
import { retreatFacts as facts } from "../content/facts";
import { mailtoContact, site } from "../content/site";
import { formatMoney, formatPounds } from "../lib/money";
import { pricingView } from "../lib/pricing";
import { useLandingRetreat } from "../use-current-retreat";

function Heading({ children }: { children: ReactNode }) {
  return <h3 className="mt-8 mb-3 font-display text-2xl text-ink first:mt-0">{children}</h3>;
}

function List({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-1.5 pl-5">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static text
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

const contact = (
  <a className="text-primary underline underline-offset-4" href={mailtoContact}>
    {site.contactEmail}
  </a>
);

export default function LegalContent({ kind }: { kind: LegalModal }) {
  return (
    <div className="space-y-3 leading-relaxed text-ink/85">{kind === "privacy" ? <PrivacyPolicy /> : <Terms />}</div>
  );
}

/** Matches what the product actually collects: the forms, the email preferences and two flags. */
function PrivacyPolicy() {
  return (
    <>
      <Heading>Who we are</Heading>
      <p>
        {site.brand} ("we") organises the Bali Vegan Activism Retreat. We are the controller of the personal data
        described here. Questions or requests: {contact}.
      </p>

      <Heading>What we collect</Heading>
      <p>
        <strong>When you apply:</strong> your name, email, phone number, city and country, social media links
        (Instagram, LinkedIn, website), why you want to join, your advocacy experience, room preference, VIP interest,
        dietary notes and anything else you choose to tell us. For a couple application, the same contact details for
        your partner.
      </p>
      <p>
        <strong>When you join the waitlist:</strong> your name and email address.
      </p>
      <p>
        <strong>If you are accepted (travel form):</strong> travel insurance provider, policy number, coverage and
        expiry; flight numbers, dates and airports; an emergency contact (name, relationship, phone, optionally email
        and address); passport number, expiry date and nationality; and, only if you give them, allergies, medications,
        medical conditions, dietary requirements and special requests. Health details are special category data: we ask
        for them only to keep you safe and fed, and only with your explicit consent.
      </p>
      <p>
        <strong>Emails:</strong> your subscription status and email preferences, the reason you give if you unsubscribe,
        and a record of the emails we sent you.
      </p>
      <p>
        <strong>Cookies and browser storage:</strong> we use no advertising or analytics cookies and no third-party
        trackers. Your browser's local storage remembers that you accepted the cookie notice and read the development
        notice. Staff, vendors and guests who sign in get one session cookie that keeps them signed in. Our server
        records IP addresses briefly to block abuse (rate limiting) and keep the service secure.
      </p>

      <Heading>Why we use it</Heading>
      <List
        items={[
          "To review your application, including a look at the public social profiles you share and a short call.",
          "To organise your stay: rooms, meals, airport pickups, activities, and help in an emergency.",
          "To send the emails you need (confirmations, decisions, payment and travel information).",
          "To send retreat news and future dates, only if you are on the waitlist or opt in, and never after you unsubscribe.",
        ]}
      />
      <p>
        Our legal bases under UK GDPR are taking steps towards a contract with you, your consent (which you can withdraw
        at any time), our legitimate interest in running a safe retreat, and your vital interests in an emergency.
      </p>

      <Heading>Who we share it with</Heading>
      <p>
        Only the people who need it to run the retreat: the villa and local providers (for example your dietary needs,
        or your flight for a pickup), our email service, and our payment provider when you pay online. We never sell
        your data. Some of these providers are in Indonesia, where the retreat takes place; we share only what they
        need.
      </p>

      <Heading>How long we keep it</Heading>
      <List
        items={[
          "Applications: until 12 months after the retreat ends. If you were not selected and want to stay on our priority list for future retreats, until you ask us to remove you.",
          "Waitlist and email preferences: until you unsubscribe or ask us to delete them; we keep only a record that you unsubscribed, so we never email you again.",
          "Travel, passport, emergency contact and health details: deleted within 90 days after the retreat ends.",
          "Payment and booking records: 6 years, as UK tax law requires.",
        ]}
      />

      <Heading>Your rights</Heading>
      <p>
        You can ask for a copy of your data, ask us to correct or delete it, restrict or object to its use, take it
        elsewhere, and withdraw consent. Every email has a link to manage your preferences or unsubscribe. Write to{" "}
        {contact}; we reply within one month. You can also complain to the UK Information Commissioner's Office
        (ico.org.uk).
      </p>

      <Heading>Security</Heading>
      <p>
        Data travels encrypted (HTTPS), is stored in access-controlled systems and is seen only by the team members who
        need it. We will tell you promptly if a breach affects you.
      </p>
    </>
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
        retreat is full. We may decline an application without giving detailed reasons; declined applicants stay on our
        priority list for future retreats.
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
