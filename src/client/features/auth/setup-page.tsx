import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Link2Off, ShieldCheck } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import type { z } from "zod";
import { pageRoutes } from "../../../shared/routes";
import { setupLinkInvalidMessage, setupOwnerSchema } from "../../../shared/schemas/users";
import { Button, buttonVariants } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { PublicPageShell, StatusPanel } from "../../components/ui/public-page-shell";
import { ApiError, throwIfResNotOk } from "../../lib/api-request";
import { useWrite } from "../../lib/use-write";
import { linkWriteFailure, setupApiUrl, setupQueryKey } from "./auth-api";
import { LinkCheckFailed, LinkChecking, NewPasswordFields, withPasswordConfirmation } from "./new-password";

const setupFormSchema = withPasswordConfirmation(setupOwnerSchema);
type SetupForm = z.infer<typeof setupFormSchema>;

/** A full page load, so the back office starts from a clean state with the new session cookie. */
export function goToDashboard() {
  window.location.assign(pageRoutes.adminDashboard);
}

function InvalidLink() {
  return (
    <StatusPanel
      role="alert"
      icon={<Link2Off aria-hidden="true" className="size-7" />}
      title="Setup Link Invalid"
      tone="error"
      actions={
        <Link href={pageRoutes.admin} className={buttonVariants({ size: "lg" })}>
          Go to sign in
        </Link>
      }
    >
      <p>{setupLinkInvalidMessage}</p>
      <p>Setup links work only until the first owner exists. If that is you, sign in.</p>
    </StatusPanel>
  );
}

function SetupFormCard({ code, onInvalid }: { code: string; onInvalid: () => void }) {
  const id = useId();
  const form = useForm<SetupForm>({
    resolver: zodResolver(setupFormSchema),
    defaultValues: { firstName: "", lastName: "", email: "", password: "", confirmPassword: "" },
  });
  const errors = form.formState.errors;

  const create = useWrite<SetupForm>({
    request: ({ confirmPassword: _confirm, ...owner }) => ({ method: "POST", path: setupApiUrl(code), body: owner }),
    onSuccess: goToDashboard,
    onError: linkWriteFailure("Owner Not Created", onInvalid),
  });

  // Still busy after success: the dashboard is loading.
  const busy = create.isPending || create.isSuccess;
  return (
    <section className="rounded-card border border-border bg-card p-6 shadow-sm sm:p-10">
      <div className="mb-8 grid justify-items-center gap-3 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-secondary text-primary">
          <ShieldCheck aria-hidden="true" className="size-7" />
        </span>
        <h1 className="font-display text-3xl tracking-tight sm:text-4xl">Create the First Owner</h1>
        <p className="max-w-md text-muted-foreground">
          No one can sign in yet. The owner you create here can add everyone else from Settings. You will be signed in
          straight away.
        </p>
      </div>
      <form
        noValidate
        aria-label="Create the first owner"
        onSubmit={form.handleSubmit((values) => create.mutate(values))}
        className="grid gap-5"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id={`${id}-first`} name="firstName" label="First name" required error={errors.firstName?.message}>
            {(control) => <Input {...control} autoComplete="given-name" {...form.register("firstName")} />}
          </FormField>
          <FormField id={`${id}-last`} name="lastName" label="Last name" required error={errors.lastName?.message}>
            {(control) => <Input {...control} autoComplete="family-name" {...form.register("lastName")} />}
          </FormField>
        </div>
        <FormField
          id={`${id}-email`}
          name="email"
          label="Email"
          required
          hint="You will sign in with this address."
          error={errors.email?.message}
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              autoComplete="username"
              {...form.register("email")}
            />
          )}
        </FormField>
        <NewPasswordFields form={form} id={id} label="Password" />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Creating..." : "Create owner"}
        </Button>
      </form>
    </section>
  );
}

function Setup({ code }: { code: string }) {
  const [invalidated, setInvalidated] = useState(false);
  const link = useQuery({
    queryKey: setupQueryKey(code),
    queryFn: async ({ signal }) => {
      const res = await fetch(setupApiUrl(code), { credentials: "include", signal });
      await throwIfResNotOk(res);
      return true;
    },
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

  if (invalidated) return <InvalidLink />;
  if (link.isPending) return <LinkChecking />;
  if (link.isError) {
    if (link.error instanceof ApiError && link.error.status === 404) return <InvalidLink />;
    return <LinkCheckFailed onRetry={() => void link.refetch()} />;
  }
  return <SetupFormCard code={code} onInvalid={() => setInvalidated(true)} />;
}

/** /setup/:code, from the link the server prints while no owner exists: create the first owner. */
export default function SetupPage({ params }: { params: { code?: string } }) {
  return (
    <PublicPageShell title="Create the First Owner">
      {params.code ? <Setup code={params.code} /> : <InvalidLink />}
    </PublicPageShell>
  );
}
