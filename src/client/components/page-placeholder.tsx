import type { ReactNode } from "react";

/** Stand-in for a page that is not built yet; gives it a real landmark and heading for a11y checks. */
export function PagePlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col justify-center gap-4 px-6 py-16">
      <h1 className="text-3xl font-bold tracking-tight text-primary sm:text-4xl">{title}</h1>
      <p className="text-lg text-muted-foreground">We are still building this page. Please check back soon.</p>
      {children}
    </main>
  );
}
