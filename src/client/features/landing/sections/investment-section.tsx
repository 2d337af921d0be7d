import { Check, Sparkles } from "lucide-react";
import { retreatFacts as facts } from "../content/facts";
import { formatMoney, formatPounds } from "../lib/money";
import type { AddonView, PricingView, RateView } from "../lib/pricing";
import { AnchorButton } from "../ui/link-button";
import { SectionHeading } from "../ui/section-heading";
import { VipItems } from "./vip-items";

interface InvestmentSectionProps {
  pricing: PricingView | null;
  /** True when the retreat could not be loaded (none open, or the server is unreachable). */
  unavailable: boolean;
}

export function InvestmentSection({ pricing, unavailable }: InvestmentSectionProps) {
  const cheapestPerDay = pricing?.rates.length ? Math.min(...pricing.rates.map((r) => r.perDayPence)) : null;
  return (
    <section id="investment" aria-labelledby="investment-heading" className="bg-ivory py-24 md:py-32">
      <div className="mx-auto max-w-7xl px-5 lg:px-8">
        <SectionHeading id="investment-heading" eyebrow="Investment" title="One price, everything included">
          {pricing && cheapestPerDay !== null ? (
            <p>
              From {formatMoney(cheapestPerDay, pricing.currency)} a day for the villa, every meal, workshops,
              excursions and transfers: less than a premium hotel room alone (
              {formatPounds(facts.premiumHotelPerNightPounds, pricing.currency)}+ a night). A total value of over{" "}
              {formatPounds(facts.totalValueOverPounds, pricing.currency)}.
            </p>
          ) : null}
        </SectionHeading>

        {pricing ? (
          <>
            <div className="mx-auto mt-16 grid max-w-5xl gap-6 md:grid-cols-2">
              {pricing.rates.map((rate, index) => (
                <RateCard key={rate.id} rate={rate} featured={index === 0} />
              ))}
            </div>
            {pricing.addons.map((addon) => (
              <AddonCard key={addon.id} addon={addon} />
            ))}
            <PaymentPlan pricing={pricing} />
          </>
        ) : (
          <p
            role={unavailable ? "status" : undefined}
            aria-busy={!unavailable}
            className="mx-auto mt-14 max-w-xl rounded-2xl border border-border bg-card p-8 text-center text-muted-foreground"
          >
            {unavailable
              ? "Prices for the next retreat will be announced soon. Join the waitlist to hear first."
              : "Loading prices…"}
          </p>
        )}
      </div>
    </section>
  );
}

function RateCard({ rate, featured }: { rate: RateView; featured: boolean }) {
  return (
    <article
      data-booking-type={rate.id}
      className="relative flex flex-col rounded-3xl border border-border bg-card p-8 shadow-[0_30px_60px_-40px_rgb(18_48_41/0.45)] md:p-10"
    >
      {featured ? (
        <p className="absolute -top-3 left-8 rounded-full bg-accent px-3 py-1 text-xs font-semibold tracking-wide text-accent-foreground">
          Most popular
        </p>
      ) : null}
      <h3 className="font-display text-3xl text-ink">{rate.title}</h3>
      {rate.description ? <p className="mt-2 text-muted-foreground">{rate.description}</p> : null}
      <p className="mt-8 flex items-baseline gap-2">
        <span className="font-display text-6xl text-primary" data-testid="rate-price">
          {formatMoney(rate.pricePence, rate.currency)}
        </span>
        <span className="text-sm text-muted-foreground">per person</span>
      </p>
      <p className="mt-2 text-sm text-ink/80">
        That is <strong className="font-semibold">{formatMoney(rate.perDayPence, rate.currency)} per day</strong>,
        all-inclusive
      </p>
      <ul className="mt-8 space-y-3 border-t border-border pt-8 text-sm">
        {rate.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            {feature}
          </li>
        ))}
      </ul>
      <AnchorButton href="#apply" variant={featured ? "primary" : "outline"} className="mt-10">
        Apply Now
      </AnchorButton>
    </article>
  );
}

function AddonCard({ addon }: { addon: AddonView }) {
  return (
    <article
      data-booking-type={addon.id}
      className="relative mx-auto mt-6 max-w-5xl overflow-hidden rounded-3xl bg-ink p-8 text-ivory md:p-12"
    >
      <div aria-hidden="true" className="absolute -top-24 -right-24 size-72 rounded-full bg-gold/15 blur-3xl" />
      <div className="relative grid gap-10 md:grid-cols-[1fr_1.3fr]">
        <div>
          <p className="flex items-center gap-2 eyebrow text-gold-soft">
            <Sparkles aria-hidden="true" className="size-4" /> Upgrade
          </p>
          <h3 className="mt-4 font-display text-4xl">{addon.title}</h3>
          <p className="mt-4 font-display text-5xl text-gold" data-testid="addon-price">
            +{formatMoney(addon.pricePence, addon.currency)}
          </p>
          {addon.description ? <p className="mt-3 text-ivory/80">{addon.description}</p> : null}
        </div>
        <VipItems features={addon.features} currency={addon.currency} />
      </div>
    </article>
  );
}

function PaymentPlan({ pricing }: { pricing: PricingView }) {
  if (pricing.depositPence === null) return null;
  const [first, second] = facts.paymentPlan.monthsBefore;
  return (
    <div className="mx-auto mt-6 grid max-w-5xl gap-6 rounded-3xl border border-border bg-card p-8 md:grid-cols-[auto_1fr] md:items-center md:p-10">
      <div>
        <p className="eyebrow text-accent">Payment plan</p>
        <p className="mt-3 font-display text-3xl text-ink">
          {formatMoney(pricing.depositPence, pricing.currency)} deposit
        </p>
      </div>
      <div className="text-muted-foreground md:border-l md:border-border md:pl-8">
        <p>
          Secure your place with a {formatMoney(pricing.depositPence, pricing.currency)} deposit, then pay the balance
          in {facts.paymentPlan.instalments} equal payments, {first} months and {second} months before departure.
        </p>
        <ul className="mt-3 space-y-1 text-sm text-ink/80">
          {pricing.rates.map((rate) => (
            <li key={rate.id}>
              {rate.title}: {rate.instalmentsPence.map((p) => formatMoney(p, rate.currency)).join(" + ")} after the
              deposit
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
