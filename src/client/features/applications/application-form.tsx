import { zodResolver } from "@hookform/resolvers/zod";
import { Check, Crown } from "lucide-react";
import { type FormEvent, type ReactNode, useRef } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { formatAmount } from "../../../shared/finance/money";
import {
  type ApplicationFormInput,
  type ApplicationForm as ApplicationFormValues,
  type ApplicationSubmissionInput,
  applicationFormSchema,
  toApplicationSubmission,
} from "../../../shared/schemas/applications";
import { spamMessage } from "../../../shared/schemas/common";
import type { CurrentRetreat } from "../../../shared/schemas/retreats";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { FieldGroup, FormField, focusFirstError } from "../../components/ui/form-field";
import { HoneypotField } from "../../components/ui/honeypot-field";
import { Input } from "../../components/ui/input";
import { RadioCard, RadioGroup } from "../../components/ui/radio-group";
import { Textarea } from "../../components/ui/textarea";
import { openLegalModal } from "../../lib/legal-modals";
import { toast } from "../../lib/use-toast";
import { useWrite } from "../../lib/use-write";
import { applicationSubmitPath } from "./applications-api";
import { findRoomRates, findVipAddon } from "./use-active-retreat";

export const applicationTexts = {
  noRetreat: "No active retreat found. Please try refreshing the page or contact us directly.",
  failureTitle: "Application Submission Failed",
  failure: "Something went wrong while submitting your application. Please try again or contact us directly.",
  successTitle: "Application Submitted!",
  success: "We'll review your application and get back to you within 2-3 days.",
} as const;

// Every text field starts empty; the two choices start unset so "please select" can be shown.
const emptyForm: Partial<ApplicationFormInput> = {
  fullName: "",
  email: "",
  phone: "",
  location: "",
  partnerFullName: "",
  partnerEmail: "",
  partnerPhone: "",
  partnerLocation: "",
  socialLinks: "",
  whyJoin: "",
  advocacyExperience: "",
  wantsVipUpgrade: false,
  dietaryNotes: "",
  additionalInfo: "",
  website: "",
};

function FormBlock({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <div className="grid gap-5 border-t border-border pt-8 first:border-t-0 first:pt-0">
      <div className="grid gap-1">
        <h3 className="font-display text-xl tracking-tight text-foreground">{title}</h3>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </div>
  );
}

/**
 * The room choices, labelled by the rate each is priced at (public-site.md section 9): the solo
 * rate is your own bed in a room shared with another guest (or, for a couple, a bed each); the
 * couples rate is a private room for two sharing a bed, which an individual cannot book. The
 * field values stay the spec's shared / private / either.
 */
export function roomChoices(retreat: CurrentRetreat | undefined, applicationType: string | undefined) {
  const { solo, couple } = findRoomRates(retreat);
  const price = (rate: typeof solo) => (rate ? `, ${formatAmount(rate.basePrice, rate.currency)} per person` : "");
  const isCouple = applicationType === "couple";
  const isIndividual = applicationType === "individual";
  return [
    {
      value: "shared",
      title: "Own bed in a shared room",
      description: `Solo rate${price(solo)}: ${isCouple ? "a bed each" : "your own bed, sharing the room with another guest"}`,
      disabled: false,
    },
    {
      value: "private",
      title: "Private room for two",
      description: isIndividual
        ? "Couples only: two guests sharing a bed"
        : `Couples rate${price(couple)}, sharing a bed`,
      disabled: isIndividual,
    },
    { value: "either", title: "No preference", description: "We'll suggest what fits best", disabled: false },
  ] as const;
}

/** A field's hint with a running character count, so nobody is surprised by a minimum. */
function CountedHint({ text, value, minimum }: { text?: string; value: string | undefined; minimum: number }) {
  const count = (value ?? "").trim().length;
  return (
    <span className="flex justify-between gap-4">
      <span>{text}</span>
      <span className="shrink-0 text-xs tabular-nums">
        {count < minimum ? `${count} / ${minimum} characters minimum` : `${count} characters`}
      </span>
    </span>
  );
}

export function ApplicationForm({
  retreat,
  onSubmitted,
}: {
  retreat: CurrentRetreat | undefined;
  onSubmitted: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    reset,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<ApplicationFormInput, unknown, ApplicationFormValues>({
    resolver: zodResolver(applicationFormSchema),
    defaultValues: emptyForm,
    // We focus the first invalid field in page order ourselves (radio groups included).
    shouldFocusError: false,
  });
  const [applicationType, whyJoin, advocacyExperience] = useWatch({
    control,
    name: ["applicationType", "whyJoin", "advocacyExperience"],
  });
  const isCouple = applicationType === "couple";
  const vip = findVipAddon(retreat);

  // The public form words its own toasts (spec texts), so onValid shows them itself.
  const submission = useWrite<ApplicationSubmissionInput>({
    request: (payload) => ({ method: "POST", path: applicationSubmitPath, body: payload }),
  });

  const onValid = async (values: ApplicationFormValues) => {
    const retreatId = retreat?.id;
    if (!retreatId) {
      toast({ title: "Error", description: applicationTexts.noRetreat, variant: "destructive" });
      return;
    }
    try {
      await submission.mutateAsync(toApplicationSubmission(values, retreatId));
    } catch {
      toast({ title: applicationTexts.failureTitle, description: applicationTexts.failure, variant: "destructive" });
      return;
    }
    toast({ title: applicationTexts.successTitle, description: applicationTexts.success });
    reset(emptyForm);
    onSubmitted();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The honeypot is checked before validation: a bot gets no hints about the other fields.
    if (getValues("website")) {
      event.preventDefault();
      toast({ title: "Error", description: spamMessage, variant: "destructive" });
      return;
    }
    return handleSubmit(onValid, (invalid) => focusFirstError(formRef.current, Object.keys(invalid)))(event);
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="apply-heading"
      className="relative grid gap-8 rounded-card border border-border bg-card p-5 shadow-sm sm:p-10"
    >
      <FormBlock title="Applying as" description="Couples apply together with one application.">
        <FieldGroup
          id="apply-applicationType"
          name="applicationType"
          label="Application type"
          required
          error={errors.applicationType?.message}
        >
          {({ id: _id, ...aria }) => (
            <Controller
              control={control}
              name="applicationType"
              render={({ field }) => (
                <RadioGroup
                  {...aria}
                  name={field.name}
                  value={field.value ?? ""}
                  onValueChange={(value) => {
                    field.onChange(value);
                    // An individual cannot book the couples' room: ask again rather than keep it.
                    if (value === "individual" && getValues("roomPreference") === "private")
                      resetField("roomPreference");
                  }}
                  className="grid gap-3 sm:grid-cols-2"
                >
                  <RadioCard id="apply-type-individual" value="individual" title="Individual" description="Just me" />
                  <RadioCard
                    id="apply-type-couple"
                    value="couple"
                    title="Couple"
                    description="Me and my partner, sharing a room"
                  />
                </RadioGroup>
              )}
            />
          )}
        </FieldGroup>
      </FormBlock>

      <FormBlock title="About you">
        <div className="grid gap-5 md:grid-cols-2">
          <FormField id="apply-fullName" name="fullName" label="Full name" required error={errors.fullName?.message}>
            {(aria) => <Input {...aria} autoComplete="name" {...register("fullName")} />}
          </FormField>
          <FormField id="apply-email" name="email" label="Email address" required error={errors.email?.message}>
            {(aria) => <Input {...aria} type="email" autoComplete="email" {...register("email")} />}
          </FormField>
          <FormField
            id="apply-phone"
            name="phone"
            label="Phone number"
            required
            hint="International format, e.g. +44 7700 900123 (WhatsApp if you have it)"
            error={errors.phone?.message}
          >
            {(aria) => <Input {...aria} type="tel" autoComplete="tel" {...register("phone")} />}
          </FormField>
          <FormField
            id="apply-location"
            name="location"
            label="Where are you based?"
            hint="City, Country"
            error={errors.location?.message}
          >
            {(aria) => <Input {...aria} {...register("location")} />}
          </FormField>
        </div>
      </FormBlock>

      {isCouple ? (
        <FormBlock title="Your partner" description="We review couples together, so tell us about them too.">
          <div className="grid gap-5 md:grid-cols-2">
            <FormField
              id="apply-partnerFullName"
              name="partnerFullName"
              label="Partner's full name"
              required
              error={errors.partnerFullName?.message}
            >
              {(aria) => <Input {...aria} autoComplete="off" {...register("partnerFullName")} />}
            </FormField>
            <FormField
              id="apply-partnerEmail"
              name="partnerEmail"
              label="Partner's email address"
              required
              error={errors.partnerEmail?.message}
            >
              {(aria) => <Input {...aria} type="email" autoComplete="off" {...register("partnerEmail")} />}
            </FormField>
            <FormField
              id="apply-partnerPhone"
              name="partnerPhone"
              label="Partner's phone number"
              required
              hint="International format"
              error={errors.partnerPhone?.message}
            >
              {(aria) => <Input {...aria} type="tel" autoComplete="off" {...register("partnerPhone")} />}
            </FormField>
            <FormField
              id="apply-partnerLocation"
              name="partnerLocation"
              label="Where is your partner based?"
              hint="City, Country"
              error={errors.partnerLocation?.message}
            >
              {(aria) => <Input {...aria} {...register("partnerLocation")} />}
            </FormField>
          </div>
        </FormBlock>
      ) : null}

      <FormBlock
        title="Your activism"
        description="This is a retreat for people who care deeply about animals. Tell us about yourself."
      >
        <FormField
          id="apply-socialLinks"
          name="socialLinks"
          label="Social media or website"
          required
          hint="Your Instagram (@handle), LinkedIn or website. Separate several with commas."
          error={errors.socialLinks?.message}
        >
          {(aria) => <Input {...aria} {...register("socialLinks")} />}
        </FormField>
        <FormField
          id="apply-whyJoin"
          name="whyJoin"
          label="Why do you want to join this retreat?"
          required
          hint={<CountedHint value={whyJoin} minimum={50} />}
          error={errors.whyJoin?.message}
        >
          {(aria) => <Textarea {...aria} rows={5} {...register("whyJoin")} />}
        </FormField>
        <FormField
          id="apply-advocacyExperience"
          name="advocacyExperience"
          label="What is your advocacy experience?"
          required
          hint={
            <CountedHint
              text="Outreach, campaigns, content, volunteering: everything counts."
              value={advocacyExperience}
              minimum={30}
            />
          }
          error={errors.advocacyExperience?.message}
        >
          {(aria) => <Textarea {...aria} rows={4} {...register("advocacyExperience")} />}
        </FormField>
      </FormBlock>

      <FormBlock title="Your stay">
        <FieldGroup
          id="apply-roomPreference"
          name="roomPreference"
          label="Room preference"
          required
          error={errors.roomPreference?.message}
        >
          {({ id: _id, ...aria }) => (
            <Controller
              control={control}
              name="roomPreference"
              render={({ field }) => (
                <RadioGroup
                  {...aria}
                  name={field.name}
                  value={field.value ?? ""}
                  onValueChange={field.onChange}
                  className="grid gap-3 sm:grid-cols-3"
                >
                  {roomChoices(retreat, applicationType).map((choice) => (
                    <RadioCard
                      key={choice.value}
                      id={`apply-room-${choice.value}`}
                      value={choice.value}
                      title={choice.title}
                      description={choice.description}
                      disabled={choice.disabled}
                    />
                  ))}
                </RadioGroup>
              )}
            />
          )}
        </FieldGroup>

        <Controller
          control={control}
          name="wantsVipUpgrade"
          render={({ field }) => (
            <label
              htmlFor="apply-wantsVipUpgrade"
              data-field="wantsVipUpgrade"
              className="flex cursor-pointer items-start gap-4 rounded-lg border border-accent/40 bg-[linear-gradient(135deg,var(--color-card),var(--color-muted))] p-4 transition-colors hover:border-accent has-[[data-state=checked]]:border-accent sm:p-5"
            >
              <Checkbox
                id="apply-wantsVipUpgrade"
                name={field.name}
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                aria-labelledby="apply-vip-title"
                aria-describedby="apply-vip-details"
                className="mt-0.5"
              />
              <span className="grid gap-1">
                <span id="apply-vip-title" className="flex flex-wrap items-center gap-2 font-medium text-foreground">
                  <Crown aria-hidden="true" className="size-4 text-accent" />
                  Add the {vip?.displayName ?? "VIP Ultimate"} upgrade
                  {vip ? (
                    <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground">
                      +{formatAmount(vip.basePrice, vip.currency)}
                    </span>
                  ) : null}
                </span>
                <span id="apply-vip-details" className="grid gap-2 text-sm text-muted-foreground">
                  {vip?.features.length ? (
                    <span className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
                      {vip.features.map((feature) => (
                        <span key={feature} className="flex items-start gap-2">
                          <Check aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-accent" />
                          {feature}
                        </span>
                      ))}
                    </span>
                  ) : null}
                  <span>Optional: we'll confirm it with you after acceptance.</span>
                </span>
              </span>
            </label>
          )}
        />

        <FormField
          id="apply-dietaryNotes"
          name="dietaryNotes"
          label="Dietary notes or allergies"
          hint="All meals are plant-based."
          error={errors.dietaryNotes?.message}
        >
          {(aria) => <Textarea {...aria} rows={2} {...register("dietaryNotes")} />}
        </FormField>
      </FormBlock>

      <FormBlock title="Anything else?">
        <FormField
          id="apply-additionalInfo"
          name="additionalInfo"
          label="Anything else you'd like us to know"
          error={errors.additionalInfo?.message}
        >
          {(aria) => <Textarea {...aria} rows={3} {...register("additionalInfo")} />}
        </FormField>
      </FormBlock>

      <HoneypotField id="apply-website" {...register("website")} />

      <div className="grid gap-4 border-t border-border pt-8">
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto sm:justify-self-start">
          {isSubmitting ? "Submitting..." : "Submit Application"}
        </Button>
        <p className="text-sm text-muted-foreground">
          By applying you agree that we keep your details to review your application and email you about this and future
          retreats; you can unsubscribe at any time. Read our{" "}
          <button
            type="button"
            onClick={() => openLegalModal("privacy")}
            className="font-medium text-primary underline underline-offset-4"
          >
            Privacy Policy
          </button>
          .
        </p>
      </div>
    </form>
  );
}
