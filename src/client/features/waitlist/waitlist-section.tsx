import { zodResolver } from "@hookform/resolvers/zod";
import { Bell, CheckCircle2, Gem, HeartHandshake } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { spamMessage } from "../../../shared/schemas/common";
import { type WaitlistInput, waitlistSchema } from "../../../shared/schemas/waitlist";
import { Button } from "../../components/ui/button";
import { FormField, focusFirstError } from "../../components/ui/form-field";
import { HoneypotField } from "../../components/ui/honeypot-field";
import { Input } from "../../components/ui/input";
import { openLegalModal } from "../../lib/legal-modals";
import { toast } from "../../lib/use-toast";
import { useSeasonTexts } from "../landing/content/season-texts";
import { waitlistPath } from "./waitlist-api";

export const waitlistTexts = {
  title: "Join the Waitlist",
  thanksTitle: "Thank you!",
  serverFailure: "Failed to submit",
  otherFailure: "Something went wrong. Please try again.",
} as const;

type Status = "idle" | "submitting" | "submitted";
type WaitlistValues = z.output<typeof waitlistSchema>;

const empty = { name: "", email: "", website: "" } satisfies WaitlistInput;

// This section is its own chunk, loaded when it nears the viewport (deferred-section.tsx):
// react-hook-form and zod come with it (shared with the application form's chunk), never with
// the landing page's first load.

const perks = [
  { icon: Bell, text: "First to hear when dates and details are announced" },
  { icon: Gem, text: "Priority access to future retreats" },
  { icon: HeartHandshake, text: "Occasional, thoughtful updates. Never spam" },
] as const;

/** The landing page's waitlist section (anchor #waitlist). */
export default function WaitlistSection() {
  const seasonTexts = useSeasonTexts();
  const [status, setStatus] = useState<Status>("idle");
  const formRef = useRef<HTMLFormElement>(null);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  // Messages appear on submit, then follow the typing (react-hook-form's defaults), as the other forms do.
  const {
    register,
    handleSubmit,
    getValues,
    reset,
    formState: { errors },
  } = useForm<WaitlistInput, unknown, WaitlistValues>({
    resolver: zodResolver(waitlistSchema),
    defaultValues: empty,
    // We focus the first invalid field in page order ourselves.
    shouldFocusError: false,
  });

  const onValid = async ({ name, email }: WaitlistValues) => {
    setStatus("submitting");
    try {
      const res = await fetch(waitlistPath, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        credentials: "include",
        // The honeypot is never sent (spec section 3); the schema has trimmed both values.
        body: JSON.stringify({ name, email }),
      });
      const data = (await res.json().catch(() => ({}))) as { message?: unknown };
      if (!res.ok) {
        throw new Error(typeof data.message === "string" && data.message ? data.message : waitlistTexts.serverFailure);
      }
      reset(empty);
      setStatus("submitted");
      toast({ title: "Success!", description: seasonTexts.waitlistThanks });
      requestAnimationFrame(() => thanksRef.current?.focus());
    } catch (error) {
      const description = error instanceof Error && error.message ? error.message : waitlistTexts.otherFailure;
      toast({ title: "Error", description, variant: "destructive" });
      setStatus("idle");
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === "submitting") return;
    // The honeypot is checked before validation: a bot gets no hints about the other fields.
    if (getValues("website")) {
      toast({ title: "Error", description: spamMessage, variant: "destructive" });
      return;
    }
    // Wait a frame so the messages exist before focus lands (screen readers read both).
    const onInvalid = (invalid: object) =>
      requestAnimationFrame(() => focusFirstError(formRef.current, Object.keys(invalid)));
    return handleSubmit(onValid, onInvalid)(event);
  };

  const submitting = status === "submitting";

  // Heading and intro match the landing page's placeholder for this section (same background,
  // same title), so the swap to this chunk is seamless.
  return (
    <section id="waitlist" aria-labelledby="waitlist-heading" className="relative bg-sand px-4 py-24 sm:px-6 md:py-28">
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-[1fr_minmax(0,28rem)] lg:gap-20">
        <div className="grid gap-6 text-center lg:text-left">
          <p className="eyebrow text-accent">Stay in the loop</p>
          {/* tabIndex -1: takes the focus over from the landing page's placeholder heading. */}
          <h2 id="waitlist-heading" tabIndex={-1} className="rounded-sm font-display text-4xl text-ink sm:text-5xl">
            {waitlistTexts.title}
          </h2>
          <p className="mx-auto max-w-xl text-lg text-muted-foreground lg:mx-0">{seasonTexts.waitlistIntro}</p>
          <ul className="mx-auto grid gap-3 text-left lg:mx-0">
            {perks.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-ink">
                <span className="grid size-9 shrink-0 place-items-center rounded-full bg-ivory text-primary shadow-sm">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>

        <div className="rounded-card border border-border bg-ivory p-6 text-card-foreground shadow-xl shadow-ink/5 sm:p-8">
          {status === "submitted" ? (
            <div className="grid justify-items-center gap-4 py-6 text-center">
              <span className="grid size-14 place-items-center rounded-full bg-secondary text-primary">
                <CheckCircle2 aria-hidden="true" className="size-7" />
              </span>
              <h3 ref={thanksRef} tabIndex={-1} className="font-display text-3xl tracking-tight outline-none">
                {waitlistTexts.thanksTitle}
              </h3>
              <p className="text-muted-foreground">{seasonTexts.waitlistThanks}</p>
            </div>
          ) : (
            <form
              ref={formRef}
              noValidate
              onSubmit={onSubmit}
              aria-labelledby="waitlist-heading"
              className="relative grid gap-5"
            >
              <HoneypotField id="waitlist-website" {...register("website")} />
              <FormField id="waitlist-name" name="name" label="Full name" required error={errors.name?.message}>
                {(aria) => <Input {...aria} autoComplete="name" readOnly={submitting} {...register("name")} />}
              </FormField>
              <FormField id="waitlist-email" name="email" label="Email address" required error={errors.email?.message}>
                {(aria) => (
                  <Input {...aria} type="email" autoComplete="email" readOnly={submitting} {...register("email")} />
                )}
              </FormField>
              <Button type="submit" size="lg" disabled={submitting} className="w-full">
                {submitting ? "Joining..." : "Join Waitlist"}
              </Button>
              <p className="text-center text-sm text-muted-foreground">
                By joining, you agree to receive updates about our retreats. We respect your privacy and will never spam
                you. See our{" "}
                <button
                  type="button"
                  onClick={() => openLegalModal("privacy")}
                  className="font-medium text-primary underline underline-offset-4"
                >
                  Privacy Policy
                </button>
                .
              </p>
            </form>
          )}
        </div>
      </div>
    </section>
  );
}
