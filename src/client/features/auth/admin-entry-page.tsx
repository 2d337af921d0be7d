import { Lock } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useLocation, useSearch } from "wouter";
import {
  invalidCredentialsMessage,
  isOidcErrorCode,
  missingCredentialsMessage,
  oidcErrorMessages,
} from "../../../shared/auth-messages";
import type { LoginInput } from "../../../shared/schemas/auth";
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
import { PasswordInput } from "./password-input";

/** Reloading after sign-in starts the back office from a clean state with the new cookie. */
export function reloadPage() {
  window.location.reload();
}

/**
 * The route's own schema (the server's rules and messages), loaded when the form is first touched
 * rather than with the page: zod and a form library were half of the page's JavaScript (decision
 * 021). Submitting awaits it, so what is refused, and with which message, is unchanged.
 */
export const loadLoginSchema = () => import("./login-schema").then((module) => module.loginSchema);
function prefetchLoginSchema() {
  void loadLoginSchema().catch(() => undefined);
}

function LoginForm() {
  const [showPassword, setShowPassword] = useState(false);
  const ids = { username: useId(), password: useId(), note: useId() };

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

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const loginSchema = await loadLoginSchema();
    // The route's own rules; the page says only "enter both" and leaves the rest to the server.
    const parsed = loginSchema.safeParse({
      username: String(data.get("username") ?? ""),
      password: String(data.get("password") ?? ""),
    });
    if (parsed.success) {
      login.mutate(parsed.data);
      return;
    }
    const messages = parsed.error.issues.map((issue) => issue.message);
    toast(
      messages.includes(missingCredentialsMessage)
        ? { title: "Missing Information", description: missingCredentialsMessage, variant: "destructive" }
        : { title: "Login Failed", description: invalidCredentialsMessage, variant: "destructive" },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      onFocus={prefetchLoginSchema}
      onPointerEnter={prefetchLoginSchema}
      noValidate
      aria-describedby={ids.note}
      className="flex flex-col gap-5"
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.username}>Username</Label>
        <Input
          id={ids.username}
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          name="username"
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
          name="password"
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
