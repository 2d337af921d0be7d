import { retreatFacts } from "../content/facts";
import { AnchorButton } from "../ui/link-button";

export function ClosingBand() {
  return (
    <section
      aria-labelledby="closing-heading"
      className="relative overflow-hidden bg-primary py-24 text-center text-ivory"
    >
      <div
        aria-hidden="true"
        className="absolute -top-40 left-1/2 size-[36rem] -translate-x-1/2 rounded-full bg-gold/15 blur-3xl"
      />
      <div className="relative mx-auto max-w-3xl px-5">
        <p className="eyebrow text-ivory">Only {retreatFacts.capacity} places</p>
        <h2 id="closing-heading" className="mt-4 font-display text-4xl leading-tight text-balance sm:text-5xl">
          Your place at the table is waiting
        </h2>
        <p className="mt-5 text-lg text-ivory/85">
          Apply in five minutes, or join the waitlist to hear about dates and future retreats first.
        </p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <AnchorButton href="#apply" variant="gold" size="lg">
            Apply Now
          </AnchorButton>
          <AnchorButton href="#waitlist" variant="outline-light" size="lg">
            Join the Waitlist
          </AnchorButton>
        </div>
      </div>
    </section>
  );
}
