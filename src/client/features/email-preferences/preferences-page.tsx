import { zodResolver } from "@hookform/resolvers/zod";
import { BellOff, Settings2 } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import {
  type EmailPreferences,
  emailPreferencesSchema,
  type PublicSubscriber,
} from "../../../shared/schemas/email-preferences";
import { Button, buttonVariants } from "../../components/ui/button";
import { PublicPageShell, StatusPanel } from "../../components/ui/public-page-shell";
import { toast } from "../../lib/use-toast";
import { useWrite } from "../../lib/use-write";
import {
  emailPaths,
  isValidToken,
  preferencesApiPath,
  type SubscriberResponse,
  useKeepSubscriber,
  useSubscriber,
} from "./email-preferences-api";
import { InvalidLinkPanel, LinkLoadFailedPanel, LinkLoadingPanel } from "./link-status-panels";
import { PreferenceSwitches } from "./preference-switches";

function PreferencesForm({ token, subscriber }: { token: string; subscriber: PublicSubscriber }) {
  const keepSubscriber = useKeepSubscriber(token);
  const { control, handleSubmit } = useForm<EmailPreferences, unknown, EmailPreferences>({
    resolver: zodResolver(emailPreferencesSchema),
    defaultValues: {
      applicationEmails: subscriber.applicationEmails,
      marketingEmails: subscriber.marketingEmails,
      systemNotifications: subscriber.systemNotifications,
    },
  });

  const save = useWrite<EmailPreferences, SubscriberResponse | undefined>({
    request: (preferences) => ({ method: "POST", path: preferencesApiPath(token), body: preferences }),
    success: "Preferences Updated",
    onSuccess: keepSubscriber,
    onError: () => {
      toast({
        title: "Update Failed",
        description: "Failed to update your preferences. Please try again.",
        variant: "destructive",
      });
    },
  });

  const onSubmit = handleSubmit((preferences) => {
    if (!save.isPending) save.mutate(preferences);
  });

  return (
    <section className="rounded-card border border-border bg-card p-6 shadow-sm sm:p-10">
      <div className="mb-8 grid justify-items-center gap-3 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-secondary text-primary">
          <Settings2 aria-hidden="true" className="size-7" />
        </span>
        <h1 className="font-display text-3xl tracking-tight sm:text-4xl">Email Preferences</h1>
        <p className="max-w-md text-muted-foreground">
          Choose which emails <span className="font-medium break-all text-foreground">{subscriber.email}</span> receives
          from us.
        </p>
      </div>
      <form noValidate onSubmit={onSubmit} className="grid gap-6">
        <PreferenceSwitches idPrefix="preferences" control={control} />
        <div className="flex flex-col-reverse items-center gap-4 sm:flex-row sm:justify-between">
          <Link
            href={emailPaths.unsubscribe(token)}
            className="text-sm font-medium text-muted-foreground underline underline-offset-4 hover:text-foreground"
          >
            Unsubscribe from emails
          </Link>
          <Button type="submit" size="lg" disabled={save.isPending} className="w-full sm:w-auto">
            {save.isPending ? "Saving..." : "Save Preferences"}
          </Button>
        </div>
      </form>
    </section>
  );
}

function Preferences({ token }: { token: string }) {
  const subscriber = useSubscriber(token);

  if (subscriber.isPending) {
    return <LinkLoadingPanel text="Please wait while we load your email preferences..." />;
  }

  const data = subscriber.data;
  if (subscriber.isError || !data?.success || !data.subscriber) {
    return (
      <LinkLoadFailedPanel
        title="Unable to Load Preferences"
        text="This link may be invalid or expired. Please contact support if you continue to have issues."
      />
    );
  }

  if (data.subscriber.globallyUnsubscribed) {
    return (
      <StatusPanel
        icon={<BellOff aria-hidden="true" className="size-7" />}
        title="You're Unsubscribed"
        tone="warning"
        actions={
          <Link href={emailPaths.resubscribe(token)} className={buttonVariants({ size: "lg" })}>
            Resubscribe to Emails
          </Link>
        }
      >
        <p>
          <span className="font-medium break-all text-foreground">{data.subscriber.email}</span> is unsubscribed from
          all our emails. Changed your mind? You can resubscribe and choose what you receive.
        </p>
      </StatusPanel>
    );
  }

  return <PreferencesForm token={token} subscriber={data.subscriber} />;
}

export default function PreferencesPage({ params }: { params: { token?: string } }) {
  return (
    <PublicPageShell title="Email Preferences">
      {isValidToken(params.token) ? (
        <Preferences token={params.token} />
      ) : (
        <InvalidLinkPanel text="This email preferences link is invalid or expired." />
      )}
    </PublicPageShell>
  );
}
