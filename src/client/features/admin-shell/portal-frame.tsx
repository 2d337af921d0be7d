import type { ReactNode } from "react";
import type { AuthUser } from "../../lib/use-auth";
import { AdminHeader } from "./admin-header";

/** Header plus page body for the vendor and guest portals. */
export function PortalFrame({ user, title, children }: { user: AuthUser; title: string; children?: ReactNode }) {
  return (
    <div className="min-h-screen">
      <AdminHeader user={user} title={title} />
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        {children ?? (
          <p className="text-lg text-muted-foreground">We are still building this page. Please check back soon.</p>
        )}
      </main>
    </div>
  );
}
