import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, KeyRound, Link2Off } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import type { z } from "zod";
import { setPasswordLinkInvalidMessage, setPasswordSchema } from "../../../shared/schemas/users";
import { Button, buttonVariants } from "../../components/ui/button";
import { PublicPageShell, StatusPanel } from "../../components/ui/public-page-shell";
import { ApiError, throwIfResNotOk } from "../../lib/api-request";
import { authUserQueryKey } from "../../lib/use-auth";
import { useWrite } from "../../lib/use-write";
import { linkWriteFailure, setPasswordApiUrl, setPasswordQueryKey } from "./auth-api";
import { LinkCheckFailed, LinkChecking, NewPasswordFields, withPasswordConfirmation } from "./new-password";

const setPasswordFormSchema = withPasswordConfirmation(setPasswordSchema);
type SetPasswordForm = z.infer<typeof setPasswordFormSchema>;

const signInLink = (
  <Link href="/admin" className={buttonVariants({ size: "lg" })}>
    Go to sign in
  </Link>
);

function InvalidLink() {
  return (
    <StatusPanel
      role="alert"
      icon={<Link2Off aria-hidden="true" className="size-7" />}
      title="Link Invalid or Expired"
      tone="error"
      actions={signInLink}
    >
      <p>{setPasswordLinkInvalidMessage}</p>
      <p>Set-password links work once and expire after 72 hours. Ask an owner to send you a new one.</p>
    </StatusPanel>
  );
}

function PasswordSaved({ email }: { email: string }) {
  return (
    <StatusPanel
      icon={<CircleCheck aria-hidden="true" className="size-7" />}
      title="Password Set"
      tone="success"
      focusOnMount
      actions={signInLink}
    >
      <p>
        Your password has been saved. Sign in with{" "}
        <span className="font-medium break-all text-foreground">{email}</span> and your new password.
      </p>
    </StatusPanel>
  );
}

function SetPasswordFormCard({ token, email, onInvalid }: { token: string; email: string; onInvalid: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const form = useForm<SetPasswordForm>({
    resolver: zodResolver(setPasswordFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });

  const save = useWrite<string>({
    request: (password) => ({ method: "POST", path: setPasswordApiUrl(token), body: { password } }),
    onSuccess: () => {
      // The server ended this user's sessions; a cached "signed in" would send /admin astray.
      queryClient.removeQueries({ queryKey: authUserQueryKey });
    },
    onError: linkWriteFailure("Password Not Saved", onInvalid),
  });

  if (save.isSuccess) return <PasswordSaved email={email} />;

  return (
    <section className="rounded-card border border-border bg-card p-6 shadow-sm sm:p-10">
      <div className="mb-8 grid justify-items-center gap-3 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-secondary text-primary">
          <KeyRound aria-hidden="true" className="size-7" />
        </span>
        <h1 className="font-display text-3xl tracking-tight sm:text-4xl">Set Your Password</h1>
        <p className="max-w-md text-muted-foreground">
          Choose a password for <span className="font-medium break-all text-foreground">{email}</span>. You will sign in
          with this email address and your new password.
        </p>
      </div>
      <form
        noValidate
        aria-label="Set your password"
        onSubmit={form.handleSubmit((values) => save.mutate(values.password))}
        className="grid gap-5"
      >
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <NewPasswordFields form={form} id={id} label="New password" />
        <Button type="submit" size="lg" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Set password"}
        </Button>
      </form>
    </section>
  );
}

function SetPassword({ token }: { token: string }) {
  const [invalidated, setInvalidated] = useState(false);
  const link = useQuery<{ email: string }>({
    queryKey: setPasswordQueryKey(token),
    queryFn: async ({ signal }) => {
      const res = await fetch(setPasswordApiUrl(token), { credentials: "include", signal });
      await throwIfResNotOk(res);
      return (await res.json()) as { email: string };
    },
  });

  if (invalidated) return <InvalidLink />;
  if (link.isPending) return <LinkChecking />;
  if (link.isError) {
    if (link.error instanceof ApiError && link.error.status === 404) return <InvalidLink />;
    return <LinkCheckFailed onRetry={() => void link.refetch()} />;
  }
  return <SetPasswordFormCard token={token} email={link.data.email} onInvalid={() => setInvalidated(true)} />;
}

/** /set-password/:token, reached from the emailed link: choose a password for the back office. */
export default function SetPasswordPage({ params }: { params: { token?: string } }) {
  return (
    <PublicPageShell title="Set Your Password">
      {params.token ? <SetPassword token={params.token} /> : <InvalidLink />}
    </PublicPageShell>
  );
}
