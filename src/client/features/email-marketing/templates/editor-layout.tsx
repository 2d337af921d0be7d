import { ArrowLeft } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { Button } from "../../../components/ui/button";

/**
 * A full-width editor in place of the list: the form beside its live preview on wide screens,
 * above it on phones. Focus moves to the heading so keyboard and screen-reader users land in it.
 */
export function EditorLayout({
  title,
  description,
  onBack,
  preview,
  children,
}: {
  title: string;
  description?: ReactNode;
  onBack: () => void;
  preview: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <div className="flex flex-col items-start gap-2">
        <Button variant="ghost" size="sm" onClick={onBack} className="-ml-2">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to templates
        </Button>
        <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          {title}
        </h3>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="min-w-0">{children}</div>
        <section
          aria-labelledby={`${id}-preview`}
          className="flex min-w-0 flex-col gap-3 lg:sticky lg:top-4 lg:self-start"
        >
          <h4 id={`${id}-preview`} className="text-base font-semibold">
            Preview
          </h4>
          {preview}
        </section>
      </div>
    </section>
  );
}
