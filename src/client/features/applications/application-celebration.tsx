import { PartyPopper } from "lucide-react";
import { forwardRef } from "react";

const nextSteps = [
  { title: "Vibe Check", text: "We look through your social media for values alignment." },
  { title: "Quick Chat", text: "A short WhatsApp or Zoom call to get to know each other." },
  { title: "Decision", text: "Acceptance with a payment link, or a respectful decline with future opportunities." },
] as const;

/** Shown after a successful application; the ref lets the section scroll to it and focus it. */
export const ApplicationCelebration = forwardRef<HTMLElement, { onSubmitAnother: () => void }>(
  function ApplicationCelebration({ onSubmitAnother }, ref) {
    return (
      <section
        ref={ref}
        tabIndex={-1}
        aria-labelledby="apply-celebration-heading"
        className="relative overflow-hidden rounded-card border border-border bg-card px-6 py-12 text-center shadow-sm outline-none sm:px-12 sm:py-16"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 h-40 bg-[radial-gradient(ellipse_at_top,var(--color-secondary),transparent_70%)]"
        />
        <div className="relative">
          <div className="mx-auto mb-6 grid size-16 place-items-center rounded-full bg-primary text-primary-foreground shadow-md">
            <PartyPopper aria-hidden="true" className="size-7" />
          </div>
          <h3
            id="apply-celebration-heading"
            className="font-display text-3xl tracking-tight text-foreground sm:text-4xl"
          >
            Your application is in!
          </h3>
          <p className="mx-auto mt-4 max-w-xl text-lg text-muted-foreground">
            Thank you for applying. We'll review your application and get back to you within 2-3 days. Keep an eye on
            your inbox: a confirmation email is on its way.
          </p>
          <ol className="mx-auto mt-10 grid max-w-3xl gap-4 text-left sm:grid-cols-3">
            {nextSteps.map((step, index) => (
              <li key={step.title} className="rounded-lg border border-border bg-background/60 p-5">
                <span className="eyebrow text-accent">Step {index + 2}</span>
                <p className="mt-1 font-display text-lg text-foreground">{step.title}</p>
                <p className="mt-1 text-sm text-muted-foreground">{step.text}</p>
              </li>
            ))}
          </ol>
          <button
            type="button"
            onClick={onSubmitAnother}
            className="mt-10 font-medium text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary"
          >
            Submit another application
          </button>
        </div>
      </section>
    );
  },
);
