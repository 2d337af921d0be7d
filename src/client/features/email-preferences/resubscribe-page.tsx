import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, MailCheck, MailPlus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { type EmailPreferences, resubscribeSchema } from "../../../shared/schemas/email-preferences";
import { Button, buttonVariants } from "../../components/ui/button";
import { PublicPageShell, StatusPanel } from "../../components/ui/public-page-shell";
import { toast } from "../../lib/use-toast";
import { useWrite } from "../../lib/use-write";
import {
  emailPaths,
  isValidToken,
  resubscribeApiPath,
  type SubscriberResponse,
  subscriberQueryKey,
  useKeepSubscriber,
  useSubscriber,
} from "./email-preferences-api";
import { InvalidLinkPanel, LinkLoadFailedPanel, LinkLoadingPanel } from "./link-status-panels";
import { PreferenceSwitches } from "./preference-switches";

const allOn: EmailPreferences = { applicationEmails: true, marketingEmails: true, systemNotifications: true };

function WelcomeBack({ token }: { token: string }) {
  return (
    <StatusPanel
      focusOnMount
      icon={<CheckCircle2 aria-hidden="true" className="size-7" />}
      title="Welcome Back!"
      tone="success"
      actions={
        <Link href={emailPaths.preferences(token)} className={buttonVariants({ size: "lg" })}>
          Manage Email Preferences
        </Link>
      }
    >
      <p className="text-lg">You have been resubscribed and will receive the emails you chose.</p>
    </StatusPanel>
  );
}

function ResubscribeForm({
  token,
  firstName,
  onDone,
}: {
  token: string;
  firstName: string | null | undefined;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const { control, handleSubmit } = useForm<EmailPreferences, unknown, EmailPreferences>({
    resolver: zodResolver(resubscribeSchema),
    defaultValues: allOn,
  });

  const keepSubscriber = useKeepSubscriber(token);
  const resubscribe = useWrite<EmailPreferences, SubscriberResponse | undefined>({
    request: (preferences) => ({ method: "POST", path: resubscribeApiPath(token), body: preferences }),
    success: { title: "Welcome Back!", description: "You have been successfully resubscribed to our emails." },
    onSuccess: (data) => {
      if (!keepSubscriber(data)) void queryClient.invalidateQueries({ queryKey: subscriberQueryKey(token) });
      onDone();
    },
    onError: () => {
      toast({
        title: "Resubscribe Failed",
        description: "Failed to resubscribe. Please try again.",
        variant: "destructive",
      });
    },
  });

  const onSubmit = handleSubmit((preferences) => {
    if (!resubscribe.isPending) resubscribe.mutate(preferences);
  });

  const name = firstName?.trim();
  return (
    <section className="rounded-card border border-border bg-card p-6 shadow-sm sm:p-10">
      <div className="mb-8 grid justify-items-center gap-3 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-secondary text-primary">
          <MailPlus aria-hidden="true" className="size-7" />
        </span>
        <h1 className="font-display text-3xl tracking-tight sm:text-4xl">
          {name ? `Welcome back, ${name}!` : "Choose Your Email Preferences"}
        </h1>
        <p className="max-w-md text-muted-foreground">Choose which emails you'd like to receive from us again.</p>
      </div>
      <form noValidate onSubmit={onSubmit} className="grid gap-6">
        <PreferenceSwitches idPrefix="resubscribe" control={control} disabled={resubscribe.isPending} />
        <p className="text-sm text-muted-foreground">
          By resubscribing, you agree to receive emails from us according to the preferences selected above. You can
          unsubscribe at any time.
        </p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Link href={emailPaths.unsubscribe(token)} className={buttonVariants({ variant: "outline", size: "lg" })}>
            Go Back
          </Link>
          <Button type="submit" size="lg" disabled={resubscribe.isPending}>
            {resubscribe.isPending ? "Resubscribing..." : "Resubscribe to Emails"}
          </Button>
        </div>
      </form>
    </section>
  );
}

function Resubscribe({ token }: { token: string }) {
  const subscriber = useSubscriber(token);
  // Held here, not in the form: the saved subscriber is now active, which would otherwise switch
  // this page to "already subscribed" instead of the welcome.
  const [done, setDone] = useState(false);

  if (done) return <WelcomeBack token={token} />;

  if (subscriber.isPending) {
    return <LinkLoadingPanel text="Please wait while we prepare your resubscription..." />;
  }

  const data = subscriber.data;
  if (subscriber.isError || !data?.success || !data.subscriber) {
    return (
      <LinkLoadFailedPanel
        title="Unable to Load"
        text="This resubscribe link may be invalid or expired. Please contact support if you continue to have issues."
      />
    );
  }

  const { subscriber: current } = data;
  if (!current.globallyUnsubscribed && current.status === "active") {
    return (
      <StatusPanel
        icon={<MailCheck aria-hidden="true" className="size-7" />}
        title="You're Already Subscribed!"
        tone="success"
        actions={
          <Link href={emailPaths.preferences(token)} className={buttonVariants({ size: "lg" })}>
            Manage Your Preferences
          </Link>
        }
      >
        <p>
          <span className="font-medium text-foreground">{current.email}</span> is subscribed to our emails. You can
          choose which emails you receive on your preferences page.
        </p>
      </StatusPanel>
    );
  }

  return <ResubscribeForm token={token} firstName={current.firstName} onDone={() => setDone(true)} />;
}

export default function ResubscribePage({ params }: { params: { token?: string } }) {
  return (
    <PublicPageShell title="Resubscribe">
      {isValidToken(params.token) ? (
        <Resubscribe token={params.token} />
      ) : (
        <InvalidLinkPanel text="This resubscribe link is invalid or expired." />
      )}
    </PublicPageShell>
  );
}
