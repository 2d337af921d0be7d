import { zodResolver } from "@hookform/resolvers/zod";
import { Lock } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation, useSearch } from "wouter";
import type { z } from "zod";
import {
  invalidCredentialsMessage,
  isOidcErrorCode,
  type LoginInput,
  loginSchema,
  missingCredentialsMessage,
  oidcErrorMessages,
} from "../../../shared/schemas/auth";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { serverMessage } from "../../lib/api-error-message";
import { useAuth } from "../../lib/use-auth";
import { toast } from "../../lib/use-toast";
import { useWrite } from "../../lib/use-write";
import { homePathForRole } from "../admin-shell/role-home";
import { loginPath } from "./auth-api";
import { PasswordInput } from "./new-password";

/** Reloading after sign-in starts the back office from a clean state with the new cookie. */
export function reloadPage() {
  window.location.reload();
}

function LoginForm() {
  const [showPassword, setShowPassword] = useState(false);
  const ids = { username: useId(), password: useId(), note: useId() };
  // The route's own rules; the page says only "enter both" and leaves the rest to the server.
  const form = useForm<z.input<typeof loginSchema>, unknown, LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: "", password: "" },
    shouldFocusError: false,
  });

  const login = useWrite<LoginInput>({
    request: (body) => ({ method: "POST", path: loginPath, body }),
    onSuccess: reloadPage,
    onError: (error) => {
      toast({
        title: "Login Failed",
        description: serverMessage(error) ?? invalidCredentialsMessage,
        variant: "destructive",
      });
    },
  });

  const onSubmit = form.handleSubmit(
    (values) => login.mutate(values),
    (invalid) => {
      const messages = [invalid.username?.message, invalid.password?.message];
      toast(
        messages.includes(missingCredentialsMessage)
          ? { title: "Missing Information", description: missingCredentialsMessage, variant: "destructive" }
          : { title: "Login Failed", description: invalidCredentialsMessage, variant: "destructive" },
      );
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-describedby={ids.note} className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.username}>Username</Label>
        <Input
          id={ids.username}
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          {...form.register("username")}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.password}>Password</Label>
        <PasswordInput
          id={ids.password}
          visible={showPassword}
          onToggle={() => setShowPassword((v) => !v)}
          controls={ids.password}
          autoComplete="current-password"
          {...form.register("password")}
        />
      </div>
      <Button type="submit" size="lg" disabled={login.isPending}>
        {login.isPending ? "Signing in..." : "Sign in"}
      </Button>
      <p id={ids.note} className="flex items-start gap-2 text-sm text-muted-foreground">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>Access is restricted to authorised personnel only. All sign-in attempts and activity are logged.</span>
      </p>
    </form>
  );
}

/** /admin: the sign-in form, or a redirect to the signed-in user's area (spec section 2). */
export default function AdminEntryPage() {
  const { user, isLoading } = useAuth();
  const [, navigate] = useLocation();
  const search = useSearch();
  const role = user?.role ?? null;

  useEffect(() => {
    if (role) navigate(homePathForRole(role), { replace: true });
  }, [role, navigate]);

  // A single sign-on attempt that failed comes back here as ?error=<code>; only known codes get
  // their own text, so a crafted link cannot make the page say anything else.
  useEffect(() => {
    const code = new URLSearchParams(search).get("error");
    if (!code) return;
    toast({
      title: "Login Failed",
      description: isOidcErrorCode(code) ? oidcErrorMessages[code] : oidcErrorMessages.oidc_failed,
      variant: "destructive",
    });
    navigate("/admin", { replace: true });
  }, [search, navigate]);

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <h1 className="text-2xl font-bold tracking-tight text-primary">Admin Portal</h1>
          <CardDescription>Sign in to manage the retreat.</CardDescription>
        </CardHeader>
        <CardContent>
          {isLoading || user ? (
            <p role="status" className="text-center text-muted-foreground">
              {user ? "Redirecting…" : "Loading…"}
            </p>
          ) : (
            <LoginForm />
          )}
        </CardContent>
      </Card>
    </main>
  );
}
