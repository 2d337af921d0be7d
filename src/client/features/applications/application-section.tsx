import { AlertCircle, RefreshCw } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { ApiError } from "../../lib/api-request";
import { supportEmail, supportMailto } from "../../lib/contact";
import { useSeasonTexts } from "../landing/content/season-texts";
import { ApplicationCelebration } from "./application-celebration";
import { ApplicationForm } from "./application-form";
import { launchConfetti, prefersReducedMotion } from "./confetti";
import { useActiveRetreat } from "./use-active-retreat";

/** Spec section 2: the celebration appears 0.8 s after success and scrolls into view 0.3 s later. */
export const CELEBRATION_DELAY_MS = 800;
export const CELEBRATION_SCROLL_DELAY_MS = 300;

function LoadingForm() {
  return (
    <div role="status" className="grid gap-6 rounded-card border border-border bg-card p-6 shadow-sm sm:p-10">
      <span className="sr-only">Loading application form…</span>
      {[0, 1, 2].map((row) => (
        <div key={row} aria-hidden="true" className="grid animate-pulse gap-3">
          <div className="h-4 w-1/3 rounded bg-muted" />
          <div className="h-10 rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}

function UnableToLoad({ notFound }: { notFound: boolean }) {
  return (
    <div role="alert" className="rounded-card border border-border bg-card px-6 py-12 text-center shadow-sm sm:px-12">
      <div className="mx-auto mb-5 grid size-14 place-items-center rounded-full bg-destructive/10 text-destructive">
        <AlertCircle aria-hidden="true" className="size-7" />
      </div>
      <h3 className="font-display text-2xl tracking-tight text-foreground sm:text-3xl">
        Unable to Load Application Form
      </h3>
      <p className="mx-auto mt-3 max-w-md text-muted-foreground">
        {notFound ? "No active retreat found at this time." : "There was an error loading retreat information."}
      </p>
      <Button size="lg" className="mt-8" onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden="true" className="size-4" />
        Try Again
      </Button>
      <p className="mt-6 text-sm text-muted-foreground">
        If the problem continues, please contact us at{" "}
        <a href={supportMailto} className="font-medium text-primary underline underline-offset-4">
          {supportEmail}
        </a>
        .
      </p>
    </div>
  );
}

type Phase = "form" | "submitted" | "celebrating";

/** The landing page's application section (anchor #apply); lazy-loaded by the landing page. */
export default function ApplicationSection() {
  const seasonTexts = useSeasonTexts();
  const retreat = useActiveRetreat();
  const [phase, setPhase] = useState<Phase>("form");
  const celebrationRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stopConfetti = useRef<() => void>(() => {});

  // Stop any confetti if the visitor leaves the page mid-celebration.
  useEffect(() => () => stopConfetti.current(), []);

  useEffect(() => {
    if (phase !== "submitted") return;
    const handle = setTimeout(() => setPhase("celebrating"), CELEBRATION_DELAY_MS);
    return () => clearTimeout(handle);
  }, [phase]);

  useEffect(() => {
    if (phase !== "celebrating") return;
    const handle = setTimeout(() => {
      const node = celebrationRef.current;
      node?.scrollIntoView?.({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
      node?.focus({ preventScroll: true });
    }, CELEBRATION_SCROLL_DELAY_MS);
    return () => clearTimeout(handle);
  }, [phase]);

  const onSubmitted = useCallback(() => {
    stopConfetti.current();
    stopConfetti.current = launchConfetti();
    setPhase("submitted");
  }, []);

  const onSubmitAnother = useCallback(() => {
    setPhase("form");
    // Back to the top of the section, where the fresh form starts.
    requestAnimationFrame(() => headingRef.current?.focus());
  }, []);

  let body: ReactNode;
  if (retreat.isPending) body = <LoadingForm />;
  else if (retreat.isError)
    body = <UnableToLoad notFound={retreat.error instanceof ApiError && retreat.error.status === 404} />;
  else if (phase === "celebrating")
    body = <ApplicationCelebration ref={celebrationRef} onSubmitAnother={onSubmitAnother} />;
  else body = <ApplicationForm retreat={retreat.data} onSubmitted={onSubmitted} />;

  // Heading and lead match the landing page's placeholder for this section, so nothing jumps
  // when this chunk replaces it.
  return (
    <section id="apply" aria-labelledby="apply-heading" className="bg-ivory px-4 py-24 sm:px-6 md:py-32">
      <div className="mx-auto grid max-w-3xl gap-12">
        <header className="text-center">
          <p className="eyebrow text-accent">Apply</p>
          <h2
            id="apply-heading"
            ref={headingRef}
            tabIndex={-1}
            className="mt-4 rounded-sm font-display text-4xl text-ink sm:text-5xl"
          >
            {seasonTexts.applyTitle}
          </h2>
          <p className="mt-6 text-lg text-muted-foreground">
            It takes about five minutes. We review every application within 2-3 days.
          </p>
        </header>
        {body}
      </div>
    </section>
  );
}
