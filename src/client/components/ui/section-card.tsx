import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./card";

/**
 * A back-office section in a card: its heading, a line saying what it holds, an optional `action`
 * (a button such as "Add expense", or a filter) at the header's far end, then its content.
 * `dialogs` render after the content (they portal out of the card anyway).
 */
export function SectionCard({
  title,
  as = "h2",
  description,
  action,
  headerClassName = "items-start gap-4",
  contentClassName,
  dialogs,
  children,
}: {
  title: ReactNode;
  as?: "h2" | "h3";
  description: ReactNode;
  action?: ReactNode;
  /** How the heading and the action line up (with an action). */
  headerClassName?: string;
  contentClassName?: string;
  dialogs?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <>
      <CardTitle as={as}>{title}</CardTitle>
      <CardDescription>{description}</CardDescription>
    </>
  );
  return (
    <Card>
      {action ? (
        <CardHeader className={cn("flex-row flex-wrap justify-between", headerClassName)}>
          <div className="grid gap-1.5">{heading}</div>
          {action}
        </CardHeader>
      ) : (
        <CardHeader>{heading}</CardHeader>
      )}
      <CardContent className={contentClassName}>{children}</CardContent>
      {dialogs}
    </Card>
  );
}

/**
 * The lines a list shows while it loads, when it failed (an alert) and when it is empty; each is
 * shown when given (pass `false` to hide it). `className` sets the text size (small by default).
 */
export function LoadStatus({
  loading,
  error,
  empty,
  className = "text-sm",
}: {
  loading?: ReactNode;
  error?: ReactNode;
  empty?: ReactNode;
  className?: string;
}) {
  return (
    <>
      {loading ? <p className={cn(className, "text-muted-foreground")}>{loading}</p> : null}
      {error ? (
        <p role="alert" className={cn(className, "text-destructive")}>
          {error}
        </p>
      ) : null}
      {empty ? <p className={cn(className, "text-muted-foreground")}>{empty}</p> : null}
    </>
  );
}
