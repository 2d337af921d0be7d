import * as Tabs from "@radix-ui/react-tabs";
import { Monitor, Smartphone } from "lucide-react";
import { useId, useState } from "react";
import type { RenderedEmailPreview } from "../../../../shared/schemas/email-templates";
import { Button } from "../../../components/ui/button";
import { serverMessage } from "../../../lib/api-error-message";
import { cn } from "../../../lib/cn";

const widths = { desktop: "100%", mobile: "375px" } as const;
type Width = keyof typeof widths;

const tabClass = cn(
  "rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground",
  "hover:text-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm",
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
);

/**
 * A rendered email: the HTML in a sandboxed frame (no scripts, no same-origin access, so nothing
 * typed into a template can act on the back office) at desktop or phone width, and the plain-text part.
 */
export function EmailPreview({
  email,
  isLoading,
  error,
  emptyText = "Type a subject or content to see the preview.",
}: {
  email: RenderedEmailPreview | undefined;
  isLoading: boolean;
  error: unknown;
  emptyText?: string;
}) {
  const id = useId();
  const [width, setWidth] = useState<Width>("desktop");
  const message = error ? (serverMessage(error) ?? "The preview could not be rendered. Please try again.") : null;

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <p className="sr-only" aria-live="polite">
        {isLoading ? "Rendering preview..." : ""}
      </p>
      {message ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
          {message}
        </p>
      ) : null}
      {email && !message ? (
        <Tabs.Root defaultValue="html" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Tabs.List aria-label="Preview format" className="inline-flex gap-1 rounded-lg bg-muted p-1">
              <Tabs.Trigger value="html" className={tabClass}>
                Email
              </Tabs.Trigger>
              <Tabs.Trigger value="text" className={tabClass}>
                Plain text
              </Tabs.Trigger>
            </Tabs.List>
            <fieldset className="flex items-center gap-1">
              <legend className="sr-only">Preview width</legend>
              <Button
                size="sm"
                variant={width === "desktop" ? "default" : "ghost"}
                aria-pressed={width === "desktop"}
                onClick={() => setWidth("desktop")}
              >
                <Monitor aria-hidden="true" className="size-4" />
                Desktop
              </Button>
              <Button
                size="sm"
                variant={width === "mobile" ? "default" : "ghost"}
                aria-pressed={width === "mobile"}
                onClick={() => setWidth("mobile")}
              >
                <Smartphone aria-hidden="true" className="size-4" />
                Mobile
              </Button>
            </fieldset>
          </div>
          <p className="text-sm">
            <span className="font-medium">Subject:</span> <span id={`${id}-subject`}>{email.subject}</span>
          </p>
          <Tabs.Content value="html" className="focus-visible:outline-2 focus-visible:outline-ring">
            <div className="flex justify-center overflow-x-auto rounded-md border border-border bg-muted p-2">
              <iframe
                title={`Email preview: ${email.subject}`}
                // Empty sandbox: no scripts, forms, popups or same-origin access for the message's HTML.
                sandbox=""
                srcDoc={email.html}
                className="h-[560px] max-w-full rounded bg-white"
                style={{ width: widths[width] }}
              />
            </div>
          </Tabs.Content>
          <Tabs.Content value="text" className="focus-visible:outline-2 focus-visible:outline-ring">
            <section
              aria-label="Plain text of the preview"
              className="max-h-[560px] overflow-auto rounded-md border border-border bg-muted p-4 text-sm"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
              tabIndex={0}
            >
              <pre className="whitespace-pre-wrap break-words">{email.text}</pre>
            </section>
          </Tabs.Content>
        </Tabs.Root>
      ) : null}
      {!email && !message ? (
        <p className="text-sm text-muted-foreground">{isLoading ? "Rendering preview..." : emptyText}</p>
      ) : null}
    </div>
  );
}
