import { useQuery } from "@tanstack/react-query";
import { defaultPrivacyPolicyFacts, type PrivacyPolicyFacts } from "../../../../shared/privacy-policy-facts";
import { site } from "../content/site";
import { privacyPolicyQueryKey } from "../landing-api";
import { contact, Heading, List } from "./legal-parts";

/**
 * The retention periods are configuration, not copy: the live numbers come from the server, and
 * the defaults stand in while they load or if the request fails (the page is prerendered).
 */
export function usePrivacyPolicyFacts(): PrivacyPolicyFacts {
  const { data } = useQuery<PrivacyPolicyFacts>({
    queryKey: privacyPolicyQueryKey,
    placeholderData: defaultPrivacyPolicyFacts,
  });
  return data ?? defaultPrivacyPolicyFacts;
}

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/**
 * Says what the code really stores and does (src/server/db/schema.ts, auth/session.ts,
 * privacy/field-encryption.ts, the retention settings). Change it together with the code.
 */
export function PrivacyPolicy() {
  const facts = usePrivacyPolicyFacts();
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
        dietary notes and anything else you choose to tell us. For a couple application, your partner's name, email,
        phone number and location. While we review it, our team adds a stage, a score, notes from your interview and,
        only if you tell us about them, medical or mobility notes.
      </p>
      <p>
        <strong>When you join the waitlist:</strong> your name and email address.
      </p>
      <p>
        <strong>If you are accepted (travel form):</strong> travel insurance provider, policy number, coverage and
        expiry; flight numbers, dates and airports and whether you need an airport pickup; an emergency contact (name,
        relationship, phone, optionally email and address); passport number, expiry date and nationality; and, only if
        you give them, allergies, medications, medical conditions, dietary requirements and special requests. Health
        details are special category data: we ask for them only to keep you safe and fed, and only with your explicit
        consent. If you pay, the amounts, dates and status of your payments.
      </p>
      <p>
        <strong>Emails:</strong> your subscription status and your three email preferences (application and retreat
        updates, marketing and newsletter, security and account updates), the reason you give if you unsubscribe, the IP
        address and time at which you subscribed or resubscribed (our proof of your consent), a copy of each email we
        sent you, and whether it was delivered, bounced or marked as spam. We do not track whether you open emails or
        click their links.
      </p>

      <Heading>Cookies and browser storage</Heading>
      <List
        items={[
          "No analytics, advertising or tracking cookies, and no third-party scripts: the site loads nothing from other companies.",
          "Visitors get no cookies at all. Your browser's local storage remembers only that you dismissed the cookie notice and the development notice.",
          "Staff, vendors and guests who sign in get one session cookie that keeps them signed in. Scripts cannot read it (HttpOnly), and it stops working after 2 hours without activity and at most 12 hours after sign-in. Signing in with single sign-on adds a short-lived cookie (10 minutes) that protects the sign-in step.",
          "Our server uses IP addresses briefly to limit repeated requests (rate limiting) and keep the service secure. For signed-in users, it also notes the IP address and browser of each session and of each change they make in the back office.",
        ]}
      />

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
        or your flight for a pickup) and our email service. When you pay online you enter your card details on Stripe's
        payment page: Stripe processes the payment and we never see or store your card number; we keep only the
        payment's amount, status and Stripe's reference for it. We never sell your data. Some of these providers are in
        Indonesia, where the retreat takes place; we share only what they need.
      </p>

      <Heading>How long we keep it</Heading>
      <List
        items={[
          `Travel details (insurance, flights, emergency contact, passport and health details): deleted ${days(facts.travelDataRetentionDays)} after the retreat ends.`,
          `Applications that were declined: anonymised ${days(facts.declinedApplicationRetentionDays)} after the decision (your name, contact details and answers are removed), unless you asked to stay on our priority list for future retreats; then until you ask us to remove you.`,
          "Other applications: while we organise the retreat and afterwards as the record of your stay, until you ask us to erase them.",
          "Waitlist and email preferences: until you ask us to delete them. If you unsubscribe we keep your address marked as unsubscribed, so we never email you again.",
          "Copies of the emails we sent you: with the rest of your data, and erased with it.",
          "Payment records: kept for our accounts, as tax law requires. If you ask us to erase your data, they are anonymised: the amounts and dates stay, nothing links them to you.",
        ]}
      />

      <Heading>Your rights</Heading>
      <p>
        You can ask for a copy of your data, ask us to correct or delete it, restrict or object to its use, take it
        elsewhere, and withdraw consent. Write to {contact} from the address you used: we can export everything we hold
        under that email address (applications, travel form, email preferences, the emails we sent you and payments) or
        erase it. Every email has a link to manage your preferences or unsubscribe. We reply within one month. You can
        also complain to the UK Information Commissioner's Office (ico.org.uk).
      </p>

      <Heading>Security</Heading>
      <p>
        Data travels encrypted (HTTPS). Passport numbers and medical details (allergies, medications, medical conditions
        and the medical notes on an application) are also encrypted in our database (AES-256-GCM), so a copy of the
        database alone does not reveal them. Only our owner and staff accounts can read them, and every time someone
        does, it is recorded in our audit log. Team passwords are stored only as strong one-way hashes (Argon2id). We
        will tell you promptly if a breach affects you.
      </p>
    </>
  );
}
