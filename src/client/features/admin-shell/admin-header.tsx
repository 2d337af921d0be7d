import { LogOut } from "lucide-react";
import type { ReactNode } from "react";
import { greetingName } from "../../../shared/display/people";
import { buttonVariants } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import type { AuthUser } from "../../lib/use-auth";
import { markSigningOut, signOutPath } from "./admin-shell-api";

export function RoleBadge({ role }: { role: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold tracking-wide",
        role === "owner"
          ? "border-accent bg-accent text-accent-foreground"
          : "border-primary bg-secondary text-primary",
      )}
    >
      {role.toUpperCase()}
    </span>
  );
}

/**
 * Header of every back-office page: title, welcome line, role badge and Logout; `children` (the
 * dashboard's season switcher) sit between them, on a row of their own on phones.
 */
export function AdminHeader({
  user,
  title = "Admin Dashboard",
  children,
}: {
  user: AuthUser;
  title?: string;
  children?: ReactNode;
}) {
  const name = greetingName(user);
  return (
    <header className="border-b border-border bg-card">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3 sm:flex-nowrap sm:px-6 sm:py-4">
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-bold tracking-tight text-primary sm:text-2xl">{title}</h1>
          <p className="truncate text-sm text-muted-foreground">Welcome back, {name}</p>
        </div>
        {children ? <div className="order-last w-full sm:order-none sm:w-auto">{children}</div> : null}
        <div className="flex shrink-0 items-center gap-2 sm:gap-3">
          <RoleBadge role={user.role} />
          {/* A plain navigation: GET /api/logout ends the session and redirects to /. */}
          {/* Phones: the icon alone (the label stays for screen readers), so the header is one row. */}
          <a
            href={signOutPath}
            onClick={markSigningOut}
            className={buttonVariants({ variant: "outline", size: "sm", className: "px-2.5 sm:px-3" })}
          >
            <LogOut aria-hidden="true" className="size-4" />
            <span className="sr-only sm:not-sr-only">Logout</span>
          </a>
        </div>
      </div>
    </header>
  );
}
