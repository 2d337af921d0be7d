import * as Tabs from "@radix-ui/react-tabs";
import { useQuery } from "@tanstack/react-query";
import { RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import type { EmailLog, EmailLogDetail } from "../../../../shared/schemas/email-outbox";
import { Button } from "../../../components/ui/button";
import { AdminDialog } from "../../../components/ui/dialog";
import { cn } from "../../../lib/cn";
import { emailLogUrl } from "../email-marketing-api";
import { EmailStatusBadge, formatDateTime, kindLabel, loggedExplanation } from "./email-status";
import { canRetry } from "./outbox-query";
import { useRetryEmail } from "./use-retry-email";

const triggerClass = cn(
  "rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground",
  "hover:text-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm",
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
);

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[7rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

function Body({ message }: { message: EmailLogDetail }) {
  return (
    <Tabs.Root defaultValue={message.html ? "html" : "text"} className="flex flex-col gap-3">
      <Tabs.List aria-label="Message parts" className="inline-flex w-fit gap-1 rounded-lg bg-muted p-1">
        <Tabs.Trigger value="html" className={triggerClass}>
          HTML
        </Tabs.Trigger>
        <Tabs.Trigger value="text" className={triggerClass}>
          Plain text
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="html" className="focus-visible:outline-2 focus-visible:outline-ring">
        {message.html ? (
          // sandbox="" runs no script and gives the message no access to this page: it is shown, never trusted.
          <iframe
            title={`HTML of "${message.subject}"`}
            sandbox=""
            srcDoc={message.html}
            className="h-[55svh] w-full rounded-md border border-border bg-white"
          />
        ) : (
          <p className="text-sm text-muted-foreground">This message has no HTML part.</p>
        )}
      </Tabs.Content>
      <Tabs.Content value="text" className="focus-visible:outline-2 focus-visible:outline-ring">
        {message.text ? (
          <section
            aria-label="Plain text of the message"
            className="max-h-[55svh] overflow-auto rounded-md border border-border bg-muted/40 p-3 text-sm"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
            tabIndex={0}
          >
            <pre className="whitespace-pre-wrap break-words">{message.text}</pre>
          </section>
        ) : (
          <p className="text-sm text-muted-foreground">This message has no plain-text part.</p>
        )}
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** One outbox message as it was (or will be) sent. */
export function MessageDialog({ log, onClose }: { log: EmailLog; onClose: () => void }) {
  const detail = useQuery<EmailLogDetail>({ queryKey: [emailLogUrl(log.id)] });
  const retry = useRetryEmail();
  const message = detail.data ?? null;
  const current = message ?? log;

  return (
    <AdminDialog
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title={current.subject || "(no subject)"}
      description={`To ${current.recipientName ? `${current.recipientName} <${current.recipientEmail}>` : current.recipientEmail}`}
      footer={
        <>
          {canRetry(current) ? (
            <Button
              variant="outline"
              disabled={retry.isPending}
              onClick={() => retry.mutate(current, { onSuccess: onClose })}
            >
              <RotateCw aria-hidden="true" className="size-4" />
              Retry
            </Button>
          ) : null}
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <dl className="grid gap-2">
          <Detail label="Status">
            <span className="inline-flex flex-wrap items-center gap-2">
              <EmailStatusBadge status={current.status} />
              {current.status === "logged" ? <span className="text-muted-foreground">{loggedExplanation}</span> : null}
            </span>
          </Detail>
          <Detail label="Kind">{kindLabel(current.kind)}</Detail>
          <Detail label={current.sentAt ? "Sent" : "Created"}>
            {formatDateTime(current.sentAt ?? current.createdAt)}
          </Detail>
          {current.errorMessage ? (
            <Detail label="Error">
              <span className="text-destructive">{current.errorMessage}</span>
            </Detail>
          ) : null}
        </dl>
        {detail.isError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            The message could not be loaded. Please try again.
          </p>
        ) : message ? (
          <Body message={message} />
        ) : (
          <p className="text-sm text-muted-foreground">Loading message...</p>
        )}
      </div>
    </AdminDialog>
  );
}
