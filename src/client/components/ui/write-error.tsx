import type { ReactNode, Ref } from "react";
import { serverMessage } from "../../lib/api-error-message";
import { cn } from "../../lib/cn";

/** A message about the form as a whole (not one field), read out when it appears; nothing without one. */
export function FormAlert({
  children,
  className,
  ref,
}: {
  children: ReactNode;
  className?: string;
  ref?: Ref<HTMLParagraphElement>;
}) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <p ref={ref} role="alert" className={cn("text-sm font-medium text-destructive", className)}>
      {children}
    </p>
  );
}

/**
 * Why a write failed, kept in the dialog or form beside what was typed: the server's own reason
 * (such as a 409), else the fallback. Nothing while the write has not failed. Toasts sit behind a
 * modal where screen readers cannot reach them, so a dialog says it here too.
 */
export function WriteError({
  mutation,
  fallback,
  className,
}: {
  mutation: { isError: boolean; error: unknown };
  fallback: string;
  className?: string;
}) {
  if (!mutation.isError) return null;
  return <FormAlert className={className}>{serverMessage(mutation.error) ?? fallback}</FormAlert>;
}
