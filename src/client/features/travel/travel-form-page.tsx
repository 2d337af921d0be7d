import { CheckCircle2, Link2Off, Loader2, PlaneLanding } from "lucide-react";
import { type ReactNode, useState } from "react";
import { z } from "zod";
import { travelFormClosedMessage } from "../../../shared/schemas/travel";
import { PublicPageShell, StatusPanel, SupportContact } from "../../components/ui/public-page-shell";
import { useTravelFormLink } from "./travel-api";
import { TravelForm } from "./travel-form";

export const travelTexts = {
  title: "Travel Compliance Form",
  thanksTitle: "Thank you for submitting!",
  footerNote: "Your information is used only for retreat logistics and in case of emergency.",
  checkingTitle: "Loading…",
  checking: "Opening your travel form.",
  closedTitle: "Travel Form Not Available",
} as const;

const applicationIdSchema = z.uuid();

/** The form, once the server confirms the link's application holds a place; otherwise why not. */
function TravelFormForLink({ applicationId, onSubmitted }: { applicationId: string; onSubmitted: () => void }) {
  const link = useTravelFormLink(applicationId);
  if (link.state === "checking") {
    return (
      <StatusPanel
        role="status"
        icon={<Loader2 aria-hidden="true" className="size-7 animate-spin" />}
        title={travelTexts.checkingTitle}
      >
        <p>{travelTexts.checking}</p>
      </StatusPanel>
    );
  }
  if (link.state === "closed") {
    return (
      <StatusPanel
        role="alert"
        tone="error"
        icon={<PlaneLanding aria-hidden="true" className="size-7" />}
        title={travelTexts.closedTitle}
      >
        <p>{link.message || travelFormClosedMessage}</p>
        <SupportContact />
      </StatusPanel>
    );
  }
  return <TravelForm applicationId={applicationId} onSubmitted={onSubmitted} />;
}

export default function TravelFormPage({ params }: { params: { applicationId?: string } }) {
  const [submitted, setSubmitted] = useState(false);
  const applicationId = params.applicationId ?? "";
  const validLink = applicationIdSchema.safeParse(applicationId).success;

  let content: ReactNode;
  if (!validLink) {
    content = (
      <StatusPanel icon={<Link2Off aria-hidden="true" className="size-7" />} title="Invalid Link" tone="error">
        <p>This travel form link is invalid. Please use the link from your acceptance email.</p>
      </StatusPanel>
    );
  } else if (submitted) {
    // No way back to the form from here (spec section 4): a second submission is an email away.
    content = (
      <StatusPanel
        focusOnMount
        icon={<CheckCircle2 aria-hidden="true" className="size-7" />}
        title={travelTexts.thanksTitle}
        tone="success"
      >
        <p className="text-lg">We've received your travel information. A confirmation email is on its way to you.</p>
        <SupportContact lead="Need to change something? Contact us at" />
      </StatusPanel>
    );
  } else {
    content = <TravelFormForLink applicationId={applicationId} onSubmitted={() => setSubmitted(true)} />;
  }

  return (
    <PublicPageShell title={travelTexts.title} width="wide" footerNote={travelTexts.footerNote}>
      {content}
    </PublicPageShell>
  );
}
