import { serverMessage } from "../../lib/api-error-message";
import { cn } from "../../lib/cn";

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
  return (
    <p role="alert" className={cn("text-sm font-medium text-destructive", className)}>
      {serverMessage(mutation.error) ?? fallback}
    </p>
  );
}
