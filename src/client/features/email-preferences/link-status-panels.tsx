import { AlertCircle, Link2Off, LoaderCircle } from "lucide-react";
import { StatusPanel } from "../../components/ui/public-page-shell";

/** The three states every tokenised email page shares: still loading, not loadable, not a link. */
export function LinkLoadingPanel({ text }: { text: string }) {
  return (
    <StatusPanel
      role="status"
      icon={<LoaderCircle aria-hidden="true" className="size-7 animate-spin motion-reduce:animate-none" />}
      title="Loading"
    >
      <p>{text}</p>
    </StatusPanel>
  );
}

export function LinkLoadFailedPanel({ title, text }: { title: string; text: string }) {
  return (
    <StatusPanel role="alert" icon={<AlertCircle aria-hidden="true" className="size-7" />} title={title} tone="error">
      <p>{text}</p>
    </StatusPanel>
  );
}

export function InvalidLinkPanel({ text }: { text: string }) {
  return (
    <StatusPanel icon={<Link2Off aria-hidden="true" className="size-7" />} title="Invalid Link" tone="error">
      <p>{text}</p>
    </StatusPanel>
  );
}
