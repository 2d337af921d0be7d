import * as Dialog from "@radix-ui/react-dialog";
import { ExternalLink, X } from "lucide-react";
import { useState } from "react";
import { buttonVariants } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { sitePreviewUrl } from "./site-api";

const widths = [
  { value: "phone", label: "Phone", className: "w-[375px] max-w-full" },
  { value: "desktop", label: "Desktop", className: "w-full" },
] as const;
type Width = (typeof widths)[number]["value"];

/**
 * The saved draft as the public page, full screen: the server's render of "/" from the draft
 * (GET /api/admin/site/preview), in a frame at a phone's or the screen's width, or in a tab of
 * its own. The page runs no scripts there, and the frame is sandboxed too: same origin so its
 * pictures and fonts load as on the site, nothing else (no scripts, forms or navigation of this
 * page). Links to other sites open in a new tab.
 */
export function SitePreview({
  retreatId,
  retreatName,
  onClose,
}: {
  retreatId: string;
  retreatName: string;
  onClose: () => void;
}) {
  const [width, setWidth] = useState<Width>("desktop");
  // Mounted afresh at each opening, so the frame loads the draft as last saved.
  const src = sitePreviewUrl(retreatId);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-40 flex flex-col bg-muted focus:outline-none"
        >
          <div className="flex items-center gap-2 border-b border-border bg-card px-4 py-2 sm:gap-4 sm:px-6 sm:py-3">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="truncate text-base font-semibold leading-tight">
                Preview: {retreatName}
              </Dialog.Title>
              <p className="hidden text-sm text-muted-foreground sm:block">
                The saved draft, as the public site would serve it once published.
              </p>
            </div>
            <fieldset className="hidden rounded-md border border-border p-0.5 sm:flex">
              <legend className="sr-only">Preview width</legend>
              {widths.map((option) => (
                <button
                  key={option.value}
                  type="button"
                  aria-pressed={width === option.value}
                  onClick={() => setWidth(option.value)}
                  className={cn(
                    "h-8 rounded px-3 text-sm font-medium",
                    width === option.value ? "bg-primary text-primary-foreground" : "text-foreground hover:bg-muted",
                  )}
                >
                  {option.label}
                </button>
              ))}
            </fieldset>
            <a href={src} target="_blank" rel="noopener" className={buttonVariants({ variant: "outline", size: "sm" })}>
              <ExternalLink aria-hidden="true" className="size-4" />
              {/* A phone has room for the icon only; the name stays for screen readers. */}
              <span className="sr-only sm:not-sr-only">Open in a new tab</span>
            </a>
            <Dialog.Close
              aria-label="Close preview"
              className="flex size-10 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <div className="flex min-h-0 flex-1 justify-center overflow-hidden">
            <iframe
              title={`Preview of the public site for ${retreatName}`}
              src={src}
              sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
              className={cn(
                "h-full border-x border-border bg-white",
                widths.find((option) => option.value === width)?.className,
              )}
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
