import { Send } from "lucide-react";
import type { MouseEvent } from "react";
import { Button, buttonVariants } from "../../../components/ui/button";
import { AdminDialog } from "../../../components/ui/dialog";
import { WriteError } from "../../../components/ui/write-error";
import { campaignHref } from "../email-marketing-api";
import { peopleCount, usePriorityInvite } from "./use-campaign-mutations";

/** A plain left click: the caller may show the campaign in place instead of loading the page. */
function plainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * "Invite the priority list": writes a draft campaign to a season's priority list, then says how
 * many people it would reach and links to the draft. Sending stays a separate, deliberate step.
 * `onOpenCampaign` shows the draft in place (the Campaigns section); without it the link navigates.
 */
export function PriorityInviteDialog({
  retreat,
  onClose,
  onOpenCampaign,
}: {
  retreat: { id: string; name: string; isCurrent?: boolean };
  onClose: () => void;
  onOpenCampaign?: (campaignId: string) => void;
}) {
  const invite = usePriorityInvite();
  const result = invite.data;

  return (
    <AdminDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Invite the priority list"
      description={`A draft campaign announcing that applications for ${retreat.name} are open.`}
      footer={
        result ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button disabled={invite.isPending} onClick={() => invite.mutate(retreat)}>
              <Send aria-hidden="true" className="size-4" />
              {invite.isPending ? "Writing draft..." : "Write draft campaign"}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <div className="grid gap-3 text-sm" role="status">
          <p>
            <strong>{result.campaignName}</strong> is a draft for <strong>{peopleCount(result.audienceSize)}</strong>.
            Nothing is sent until you press Send on the campaign.
          </p>
          {result.notSubscribed > 0 ? (
            <p className="text-muted-foreground">
              {peopleCount(result.notSubscribed)} on the list {result.notSubscribed === 1 ? "has" : "have"} no email
              subscription (added by staff, or removed from the subscribers), so the campaign cannot reach them.
            </p>
          ) : null}
          <p className="text-muted-foreground">
            The list is the subscriber tag <code>{result.tag}</code>: filter Subscribers by it to see who is on it.
          </p>
          <p>
            <a
              href={campaignHref(result.campaignId)}
              className={buttonVariants({ variant: "outline" })}
              onClick={(event) => {
                if (!onOpenCampaign || !plainClick(event)) return;
                event.preventDefault();
                onOpenCampaign(result.campaignId);
              }}
            >
              Open the draft campaign
            </a>
          </p>
        </div>
      ) : (
        <div className="grid gap-3 text-sm">
          <p>
            It goes to everyone on the waitlist and every declined applicant who asked to stay on the priority list,
            each address once, leaving out anyone who unsubscribed.
          </p>
          <p className="text-muted-foreground">
            Nothing is sent now: you can read, edit and test the draft, then press Send on it in the Waitlist tab's
            Campaigns.
          </p>
          {retreat.isCurrent === false ? (
            <p>
              The public site does not show {retreat.name} yet, so its form still takes applications for the season it
              shows: publish this season's site before you press Send.
            </p>
          ) : null}
          <WriteError mutation={invite} fallback="The draft could not be written. Please try again." />
        </div>
      )}
    </AdminDialog>
  );
}
