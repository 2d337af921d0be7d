import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, MailX } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link, useSearch } from "wouter";
import { z } from "zod";
import {
  type UnsubscribeInput,
  type UnsubscribeType,
  unsubscribeSchema,
} from "../../../shared/schemas/email-preferences";
import { Button, buttonVariants } from "../../components/ui/button";
import { FieldGroup } from "../../components/ui/form-field";
import { Label } from "../../components/ui/label";
import { PublicPageShell, StatusPanel } from "../../components/ui/public-page-shell";
import { RadioCard, RadioGroup } from "../../components/ui/radio-group";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../lib/use-toast";
import { useWrite } from "../../lib/use-write";
import {
  emailPaths,
  isValidToken,
  type SubscriberResponse,
  unsubscribeApiPath,
  useKeepSubscriber,
} from "./email-preferences-api";
import { InvalidLinkPanel } from "./link-status-panels";

const options: ReadonlyArray<{ value: UnsubscribeType; title: string; description: string }> = [
  {
    value: "marketing",
    title: "Marketing & Newsletter Emails Only",
    description: "Stop news and offers. You'll still hear about your application and the retreat.",
  },
  {
    value: "application",
    title: "Application & Retreat Emails Only",
    description: "Stop updates about your application and the retreat.",
  },
  {
    value: "system",
    title: "System Notifications Only",
    description: "Not recommended for security reasons: you would miss notices about your account.",
  },
  { value: "all", title: "All Emails", description: "Stop every email from us." },
];

/** What the form sends, less the campaign (the schema's output). */
type UnsubscribeBody = z.output<typeof unsubscribeSchema>;

/** The campaign whose email held the link (?campaign=), when it is a well-formed id. */
function campaignFromSearch(search: string): string | undefined {
  const parsed = z.uuid().safeParse(new URLSearchParams(search).get("campaign"));
  return parsed.success ? parsed.data : undefined;
}

function showFailure() {
  toast({
    title: "Unsubscribe Failed",
    description: "Failed to process your unsubscribe request. Please try again.",
    variant: "destructive",
  });
}

function UnsubscribeForm({ token }: { token: string }) {
  const keepSubscriber = useKeepSubscriber(token);
  const campaignId = campaignFromSearch(useSearch());
  const [done, setDone] = useState<UnsubscribeType | null>(null);
  // The schema trims the reason and drops it when empty (spec section 5).
  const { control, register, handleSubmit } = useForm<UnsubscribeInput, unknown, UnsubscribeBody>({
    resolver: zodResolver(unsubscribeSchema),
    defaultValues: { emailType: "all", reason: "" },
  });

  const unsubscribe = useWrite<UnsubscribeBody, SubscriberResponse | undefined>({
    request: (values) => ({
      method: "POST",
      path: unsubscribeApiPath(token),
      // A campaign's link attributes the unsubscribe to it (its statistics count them).
      body: { ...values, ...(campaignId ? { campaignId } : {}) },
    }),
    success: {
      title: "Unsubscribed Successfully",
      description: "You have been unsubscribed from the selected email types.",
    },
    onSuccess: (data, { emailType }) => {
      // Kept for the preferences page, which reads the same subscriber (not displayed here).
      keepSubscriber(data);
      setDone(emailType);
    },
    onError: showFailure,
  });

  if (done) {
    return (
      <StatusPanel
        focusOnMount
        icon={<CheckCircle2 aria-hidden="true" className="size-7" />}
        title="Successfully Unsubscribed"
        tone="success"
        actions={
          <>
            <Link href={emailPaths.preferences(token)} className={buttonVariants({ variant: "outline", size: "lg" })}>
              Manage Email Preferences
            </Link>
            {done === "all" ? (
              <Link href={emailPaths.resubscribe(token)} className={buttonVariants({ size: "lg" })}>
                Resubscribe to Emails
              </Link>
            ) : null}
          </>
        }
      >
        <p className="text-lg">
          {done === "all"
            ? "You have been unsubscribed from all emails."
            : `You have been unsubscribed from ${done} emails.`}
        </p>
        {done !== "all" ? (
          <p className="rounded-lg bg-secondary px-4 py-3 text-sm text-secondary-foreground">
            You will still receive other types of emails from us. You can change this at any time from your email
            preferences.
          </p>
        ) : null}
      </StatusPanel>
    );
  }

  // The only way to fail the schema is a reason over its length limit: the same toast as a refusal.
  const onSubmit = handleSubmit((values) => {
    if (!unsubscribe.isPending) unsubscribe.mutate(values);
  }, showFailure);

  return (
    <section className="rounded-card border border-border bg-card p-6 shadow-sm sm:p-10">
      <div className="mb-8 grid justify-items-center gap-3 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-secondary text-primary">
          <MailX aria-hidden="true" className="size-7" />
        </span>
        <h1 className="font-display text-3xl tracking-tight sm:text-4xl">Unsubscribe from Emails</h1>
        <p className="max-w-md text-muted-foreground">
          We're sorry to see you go. Choose which emails you no longer want to receive.
        </p>
      </div>
      <form noValidate onSubmit={onSubmit} className="grid gap-8">
        <FieldGroup id="unsubscribe-type" name="emailType" label="What would you like to unsubscribe from?">
          {({ id: _id, ...aria }) => (
            <Controller
              control={control}
              name="emailType"
              render={({ field }) => (
                <RadioGroup {...aria} name={field.name} value={field.value} onValueChange={field.onChange}>
                  {options.map((option) => (
                    <RadioCard
                      key={option.value}
                      id={`unsubscribe-${option.value}`}
                      value={option.value}
                      title={option.title}
                      description={option.description}
                    />
                  ))}
                </RadioGroup>
              )}
            />
          )}
        </FieldGroup>
        <div className="grid gap-2">
          <Label htmlFor="unsubscribe-reason">Tell us why (optional)</Label>
          <Textarea id="unsubscribe-reason" rows={3} {...register("reason")} />
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Link href={emailPaths.preferences(token)} className={buttonVariants({ variant: "outline", size: "lg" })}>
            Manage Preferences Instead
          </Link>
          <Button type="submit" size="lg" variant="destructive" disabled={unsubscribe.isPending}>
            {unsubscribe.isPending ? "Unsubscribing..." : "Confirm Unsubscribe"}
          </Button>
        </div>
      </form>
    </section>
  );
}

export default function UnsubscribePage({ params }: { params: { token?: string } }) {
  return (
    <PublicPageShell title="Unsubscribe">
      {isValidToken(params.token) ? (
        <UnsubscribeForm token={params.token} />
      ) : (
        <InvalidLinkPanel text="This unsubscribe link is invalid or expired." />
      )}
    </PublicPageShell>
  );
}
