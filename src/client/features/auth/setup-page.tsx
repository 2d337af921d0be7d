import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { AlertCircle, Eye, EyeOff, Link2Off, LoaderCircle, ShieldCheck } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { z } from "zod";
import { pageRoutes } from "../../../shared/routes";
import { minPasswordLength, setupLinkInvalidMessage, setupOwnerSchema } from "../../../shared/schemas/users";
import { Button, buttonVariants } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { PublicPageShell, StatusPanel } from "../../components/ui/public-page-shell";
import { ApiError, apiRequest, throwIfResNotOk } from "../../lib/api-request";
import { toast } from "../../lib/use-toast";
import { apiErrorMessage } from "../admin-shell/api-error-message";
import { confirmPasswordMessage, passwordsDifferMessage } from "./password-confirmation";

/** The server's rules for the owner, plus the confirmation only the form needs. */
const setupFormSchema = setupOwnerSchema
  .extend({ confirmPassword: z.string().min(1, confirmPasswordMessage) })
  .refine((values) => values.password === values.confirmPassword, {
    path: ["confirmPassword"],
    message: passwordsDifferMessage,
  });
type SetupForm = z.infer<typeof setupFormSchema>;

function setupApiUrl(code: string) {
  return `/api/auth/setup/${encodeURIComponent(code)}`;
}

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
  const [visible, setVisible] = useState(false);
  const form = useForm<SetupForm>({
    resolver: zodResolver(setupFormSchema),
    defaultValues: { firstName: "", lastName: "", email: "", password: "", confirmPassword: "" },
  });
  const errors = form.formState.errors;

  const create = useMutation({
    mutationFn: ({ confirmPassword: _confirm, ...owner }: SetupForm) => apiRequest("POST", setupApiUrl(code), owner),
    onSuccess: goToDashboard,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 404) {
        onInvalid();
        return;
      }
      toast({
        title: "Owner Not Created",
        description: apiErrorMessage(error) ?? "Something went wrong. Please try again.",
        variant: "destructive",
      });
    },
  });

  const toggle = (
    <button
      type="button"
      aria-label={visible ? "Hide password" : "Show password"}
      aria-pressed={visible}
      aria-controls={`${id}-password ${id}-confirm`}
      onClick={() => setVisible((v) => !v)}
      className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground"
    >
      {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
    </button>
  );

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
        <FormField
          id={`${id}-password`}
          name="password"
          label="Password"
          required
          hint={`At least ${minPasswordLength} characters. A few unrelated words make a strong, memorable one.`}
          error={errors.password?.message}
        >
          {(control) => (
            <div className="relative">
              <Input
                {...control}
                type={visible ? "text" : "password"}
                autoComplete="new-password"
                className="pr-12"
                {...form.register("password")}
              />
              {toggle}
            </div>
          )}
        </FormField>
        <FormField
          id={`${id}-confirm`}
          name="confirmPassword"
          label="Confirm password"
          required
          error={errors.confirmPassword?.message}
        >
          {(control) => (
            <Input
              {...control}
              type={visible ? "text" : "password"}
              autoComplete="new-password"
              {...form.register("confirmPassword")}
            />
          )}
        </FormField>
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
    queryKey: ["/api/auth/setup", code],
    queryFn: async ({ signal }) => {
      const res = await fetch(setupApiUrl(code), { credentials: "include", signal });
      await throwIfResNotOk(res);
      return true;
    },
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

  if (invalidated) return <InvalidLink />;
  if (link.isPending) {
    return (
      <StatusPanel
        role="status"
        icon={<LoaderCircle aria-hidden="true" className="size-7 animate-spin motion-reduce:animate-none" />}
        title="Loading"
      >
        <p>Checking your link...</p>
      </StatusPanel>
    );
  }
  if (link.isError) {
    if (link.error instanceof ApiError && link.error.status === 404) return <InvalidLink />;
    return (
      <StatusPanel
        role="alert"
        icon={<AlertCircle aria-hidden="true" className="size-7" />}
        title="Unable to Check Link"
        tone="error"
        actions={
          <Button size="lg" onClick={() => void link.refetch()}>
            Try again
          </Button>
        }
      >
        <p>We could not check this link just now. Please try again in a moment.</p>
      </StatusPanel>
    );
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
