import { zodResolver } from "@hookform/resolvers/zod";
import { HeartPulse, IdCard, type LucideIcon, PhoneCall, Plane, ShieldCheck, Sparkles } from "lucide-react";
import { type ReactNode, useRef } from "react";
import { Controller, type FieldPath, useForm } from "react-hook-form";
import type { z } from "zod";
import { travelComplianceSchema } from "../../../shared/schemas/travel";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { FormField, focusFirstError } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { errorMessage } from "../../lib/api-error-message";
import { ApiError } from "../../lib/api-request";
import { toast } from "../../lib/use-toast";
import { useWrite } from "../../lib/use-write";
import { travelFormApiPath } from "./travel-api";

/** The form is the API payload minus applicationId, which comes from the link. */
export const travelFormSchema = travelComplianceSchema.omit({ applicationId: true });
type TravelFormInput = z.input<typeof travelFormSchema>;
type TravelFormValues = z.output<typeof travelFormSchema>;
type FieldName = FieldPath<TravelFormInput>;

export const travelFormTexts = {
  failureTitle: "Submission Failed",
  failure: "There was an error submitting your form. Please try again.",
  successTitle: "Success!",
  success: "Thank you for submitting your travel information!",
} as const;

const emptyForm: Required<TravelFormInput> = {
  insuranceProvider: "",
  insurancePolicyNumber: "",
  insuranceCoverage: "",
  insuranceExpiryDate: "",
  outboundFlightNumber: "",
  outboundDepartureDate: "",
  outboundArrivalDate: "",
  outboundDepartureAirport: "",
  outboundArrivalAirport: "",
  returnFlightNumber: "",
  returnDepartureDate: "",
  returnArrivalDate: "",
  returnDepartureAirport: "",
  returnArrivalAirport: "",
  emergencyContactName: "",
  emergencyContactRelationship: "",
  emergencyContactPhone: "",
  emergencyContactEmail: "",
  emergencyContactAddress: "",
  passportNumber: "",
  passportExpiryDate: "",
  nationality: "",
  allergies: "",
  medications: "",
  medicalConditions: "",
  dietaryRequirements: "",
  specialRequests: "",
  airportPickupRequired: false,
};

/** Today as YYYY-MM-DD in the visitor's own time zone: the earliest day a picker offers. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function FormSection({
  icon: Icon,
  title,
  badge,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  badge: "Required" | "Optional" | null;
  description?: string;
  children: ReactNode;
}) {
  const id = `travel-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-card border border-border bg-card p-5 shadow-sm sm:p-8">
      <div className="mb-6 flex items-start gap-4">
        <span className="grid size-11 shrink-0 place-items-center rounded-full bg-secondary text-primary">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="grid gap-1">
          <h2 id={id} className="flex flex-wrap items-center gap-2 font-display text-xl tracking-tight sm:text-2xl">
            {title}
            {badge ? (
              <span
                className={
                  badge === "Required"
                    ? "rounded-full bg-accent px-2 py-0.5 font-sans text-xs font-semibold text-accent-foreground"
                    : "rounded-full bg-muted px-2 py-0.5 font-sans text-xs font-semibold text-muted-foreground"
                }
              >
                {badge}
              </span>
            ) : null}
          </h2>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
      </div>
      <div className="grid gap-5">{children}</div>
    </section>
  );
}

export function TravelForm({ applicationId, onSubmitted }: { applicationId: string; onSubmitted: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const today = todayIso();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TravelFormInput, unknown, TravelFormValues>({
    resolver: zodResolver(travelFormSchema),
    defaultValues: emptyForm,
    shouldFocusError: false,
  });

  // The toasts depend on the reply and the field errors, so onValid shows them itself.
  const submission = useWrite<TravelFormValues, { message?: unknown } | undefined>({
    request: (values) => ({ method: "POST", path: travelFormApiPath, body: { applicationId, ...values } }),
  });

  const onValid = async (values: TravelFormValues) => {
    try {
      const data = await submission.mutateAsync(values);
      const message = typeof data?.message === "string" && data.message ? data.message : travelFormTexts.success;
      toast({ title: travelFormTexts.successTitle, description: message });
      onSubmitted();
    } catch (error) {
      showServerFieldErrors(error);
      toast({
        title: travelFormTexts.failureTitle,
        description: errorMessage(error, travelFormTexts.failure),
        variant: "destructive",
      });
    }
  };

  // The server validates with the same schema; if it still names fields, show them by the fields.
  const showServerFieldErrors = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status !== 400) return;
    try {
      const body = JSON.parse(error.body) as { errors?: { path?: string; message?: string }[] };
      const names: string[] = [];
      for (const item of body.errors ?? []) {
        if (item.path && item.message && item.path in emptyForm) {
          setError(item.path as FieldName, { type: "server", message: item.message });
          names.push(item.path);
        }
      }
      if (names.length) requestAnimationFrame(() => focusFirstError(formRef.current, names));
    } catch {
      // not our JSON shape: the toast says enough
    }
  };

  /** A text input bound to one field, with its label, hint and error wired for screen readers. */
  const field = (
    name: FieldName,
    label: string,
    options: {
      required?: boolean;
      hint?: string;
      type?: "text" | "email" | "tel" | "date" | "datetime-local";
      autoComplete?: string;
      multiline?: boolean;
      min?: string;
      className?: string;
    } = {},
  ) => (
    <FormField
      id={`travel-${name}`}
      name={name}
      label={label}
      required={options.required}
      hint={options.hint}
      error={errors[name]?.message}
      className={options.className}
    >
      {(aria) =>
        options.multiline ? (
          <Textarea {...aria} rows={3} {...register(name)} />
        ) : (
          <Input
            {...aria}
            type={options.type ?? "text"}
            min={options.min}
            autoComplete={options.autoComplete ?? "off"}
            {...register(name)}
          />
        )
      }
    </FormField>
  );

  const flight = (leg: "outbound" | "return", title: string) => (
    <fieldset className="grid gap-5 rounded-lg border border-border bg-background/50 p-4 sm:p-5">
      <legend className="px-1 text-sm font-semibold uppercase tracking-[0.15em] text-accent">{title}</legend>
      <div className="grid gap-5 md:grid-cols-2">
        {field(`${leg}FlightNumber`, "Flight number", { className: "md:col-span-2" })}
        {field(`${leg}DepartureDate`, "Departure date and time", { type: "datetime-local", min: `${today}T00:00` })}
        {field(`${leg}ArrivalDate`, "Arrival date and time", { type: "datetime-local", min: `${today}T00:00` })}
        {field(`${leg}DepartureAirport`, "Departure airport")}
        {field(`${leg}ArrivalAirport`, "Arrival airport")}
      </div>
    </fieldset>
  );

  return (
    <div className="grid gap-6">
      <header className="grid gap-3 text-center">
        <p className="eyebrow text-accent">Before you fly</p>
        <h1 className="font-display text-4xl tracking-tight sm:text-5xl">Travel Compliance Form</h1>
        <p className="mx-auto max-w-2xl text-lg text-muted-foreground">
          Please provide your travel details for the retreat, so we can plan your arrival and keep you safe.
        </p>
        <p className="text-sm text-muted-foreground">
          Fields marked{" "}
          <span aria-hidden="true" className="text-accent">
            *
          </span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
      </header>

      <form
        ref={formRef}
        noValidate
        aria-label="Travel Compliance Form"
        onSubmit={handleSubmit(onValid, (invalid) => focusFirstError(formRef.current, Object.keys(invalid)))}
        className="grid gap-6"
      >
        <FormSection
          icon={ShieldCheck}
          title="Travel Insurance"
          badge="Required"
          description="Travel insurance is mandatory for every guest."
        >
          <div className="grid gap-5 md:grid-cols-2">
            {field("insuranceProvider", "Insurance provider", { required: true })}
            {field("insurancePolicyNumber", "Policy number", { required: true })}
          </div>
          {field("insuranceCoverage", "Coverage details", {
            multiline: true,
            hint: "Include coverage amounts and any exclusions.",
          })}
          {field("insuranceExpiryDate", "Policy expiry date", {
            required: true,
            type: "date",
            min: today,
            className: "md:max-w-xs",
          })}
        </FormSection>

        <FormSection
          icon={Plane}
          title="Flight Details"
          badge="Optional"
          description="Optional, but it helps us arrange your airport pickup."
        >
          {flight("outbound", "Outbound flight")}
          {flight("return", "Return flight")}
        </FormSection>

        <FormSection
          icon={PhoneCall}
          title="Emergency Contact"
          badge="Required"
          description="Someone we can reach if anything happens during the retreat."
        >
          <div className="grid gap-5 md:grid-cols-2">
            {field("emergencyContactName", "Full name", { required: true })}
            {field("emergencyContactRelationship", "Relationship", { required: true })}
            {field("emergencyContactPhone", "Phone number", {
              required: true,
              type: "tel",
              hint: "Include the country code, e.g. +44.",
            })}
            {field("emergencyContactEmail", "Email address", { type: "email" })}
          </div>
          {field("emergencyContactAddress", "Address", { multiline: true })}
        </FormSection>

        <FormSection icon={IdCard} title="Passport Information" badge="Required">
          <div className="grid gap-5 md:grid-cols-2">
            {field("passportNumber", "Passport number", { required: true })}
            {field("nationality", "Nationality", { required: true })}
            {field("passportExpiryDate", "Passport expiry date", {
              required: true,
              type: "date",
              min: today,
              hint: "Must be valid for at least 6 months after the retreat date.",
            })}
          </div>
        </FormSection>

        <FormSection
          icon={HeartPulse}
          title="Medical & Dietary Information"
          badge="Optional"
          description="Shared only with the people who need it to look after you."
        >
          <div className="grid gap-5 md:grid-cols-2">
            {field("allergies", "Allergies", { multiline: true })}
            {field("medications", "Current medications", { multiline: true })}
            {field("medicalConditions", "Medical conditions", { multiline: true })}
            {field("dietaryRequirements", "Dietary requirements", {
              multiline: true,
              hint: "All meals are plant-based.",
            })}
          </div>
        </FormSection>

        <FormSection icon={Sparkles} title="Additional Information" badge={null}>
          {field("specialRequests", "Special requests", { multiline: true })}
          <Controller
            control={control}
            name="airportPickupRequired"
            render={({ field: pickup }) => (
              <label
                htmlFor="travel-airportPickupRequired"
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-border p-4 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-secondary"
              >
                <Checkbox
                  id="travel-airportPickupRequired"
                  name={pickup.name}
                  checked={pickup.value === true}
                  onCheckedChange={(checked) => pickup.onChange(checked === true)}
                  onBlur={pickup.onBlur}
                />
                <span className="font-medium">I need an airport pickup</span>
              </label>
            )}
          />
        </FormSection>

        <div className="grid justify-items-center gap-3 pt-2">
          <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto sm:min-w-72">
            {isSubmitting ? "Submitting..." : "Submit Travel Information"}
          </Button>
        </div>
      </form>
    </div>
  );
}
