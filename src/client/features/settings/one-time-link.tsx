import { Copy } from "lucide-react";
import { useId } from "react";
import { Button } from "../../components/ui/button";
import { toast } from "../../lib/use-toast";

/**
 * A set-password link the server answered with because it sends no email (no SMTP configured).
 * It exists only in this component's state: the server keeps no copy to show again, so the owner
 * copies it now and hands it over privately.
 */
export function OneTimeLink({ email, url, onDone }: { email: string; url: string; onDone: () => void }) {
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied", description: `Send it to ${email} privately.` });
    } catch {
      toast({ title: "Copy failed", description: "Select the link and copy it by hand.", variant: "destructive" });
    }
  };
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        Set-password link for {email}
      </h3>
      <p>
        Email is not set up on this server, so no email was sent. Copy this link and give it to {email} privately. It
        works once and expires in 72 hours. It is shown only now: send a new link if you lose it.
      </p>
      <label htmlFor={`${id}-url`} className="sr-only">
        Set-password link for {email}
      </label>
      <input
        id={`${id}-url`}
        readOnly
        value={url}
        className="h-10 w-full rounded-md border border-input bg-background px-3 font-mono text-xs"
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={copy}>
          <Copy aria-hidden="true" className="size-4" />
          Copy link
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
