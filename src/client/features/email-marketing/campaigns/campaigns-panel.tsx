import { useQuery } from "@tanstack/react-query";
import { ListChecks, Plus } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { type Campaign, campaignListSchema } from "../../../../shared/schemas/email-campaigns";
import { lazyDialog } from "../../../components/lazy-dialog";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { cn } from "../../../lib/cn";
import { useSeason } from "../../admin-shell/use-season";
import { campaignParam, campaignPath, campaignsPath } from "../email-marketing-api";
import { type CampaignAction, CampaignCard } from "./campaign-card";
import { useCancelCampaign, useDeleteCampaign, useDuplicateCampaign } from "./use-campaign-mutations";

const CampaignFormDialog = lazyDialog(() => import("./campaign-form-dialog").then((m) => m.CampaignFormDialog));
const CampaignPreviewDialog = lazyDialog(() =>
  import("./campaign-preview-dialog").then((m) => m.CampaignPreviewDialog),
);
const PriorityInviteDialog = lazyDialog(() => import("./priority-invite-dialog").then((m) => m.PriorityInviteDialog));
const RecipientsDialog = lazyDialog(() => import("./recipients-dialog").then((m) => m.RecipientsDialog));
const SendCampaignDialog = lazyDialog(() => import("./send-campaign-dialog").then((m) => m.SendCampaignDialog));
const TestSendDialog = lazyDialog(() => import("./test-send-dialog").then((m) => m.TestSendDialog));

/** While anything is queued or going out, the list is read again this often so the counters move. */
export const campaignPollMs = 3000;

type OpenDialog =
  | { action: Exclude<CampaignAction, "duplicate">; campaign: Campaign }
  | { action: "new" }
  | { action: "invite" }
  | null;

/** The campaign a link points at (?campaign=<id>), shown marked and scrolled into view. */
function linkedCampaign(): string | null {
  return new URLSearchParams(window.location.search).get(campaignParam);
}

function showInUrl(id: string) {
  const url = new URL(window.location.href);
  url.searchParams.set(campaignParam, id);
  window.history.replaceState(window.history.state, "", url);
}

function isActive(campaign: Campaign): boolean {
  return campaign.status === "scheduled" || campaign.status === "sending";
}

/** The Waitlist tab's campaigns: drafts to edit and send, live progress while sending, results after. */
export function CampaignsPanel() {
  const id = useId();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const list = useQuery({
    queryKey: [campaignsPath],
    select: (data: unknown) => campaignListSchema.parse(data).items,
    refetchInterval: (query) => {
      const items = (query.state.data as { items?: Campaign[] } | undefined)?.items ?? [];
      return items.some(isActive) ? campaignPollMs : false;
    },
  });
  const season = useSeason();
  const [shown, setShown] = useState<string | null>(linkedCampaign);
  const shownRef = useRef<HTMLLIElement>(null);
  const duplicate = useDuplicateCampaign();
  const cancel = useCancelCampaign();
  const remove = useDeleteCampaign();
  const close = () => setDialog(null);

  const onAction = (action: CampaignAction, campaign: Campaign) => {
    if (action === "duplicate") duplicate.mutate({ id: campaign.id, name: campaign.name });
    else setDialog({ action, campaign });
  };

  const campaigns = list.data ?? [];
  const shownLoaded = campaigns.some((campaign) => campaign.id === shown);
  useEffect(() => {
    if (shownLoaded) shownRef.current?.scrollIntoView?.({ block: "center" });
  }, [shownLoaded]);
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="text-xl font-semibold">
            Campaigns
          </h2>
          <p className="text-sm text-muted-foreground">
            Emails to many subscribers at once. Each recipient gets their own unsubscribe link.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={!season.retreat} onClick={() => setDialog({ action: "invite" })}>
            <ListChecks aria-hidden="true" className="size-4" />
            Invite the priority list
          </Button>
          <Button onClick={() => setDialog({ action: "new" })}>
            <Plus aria-hidden="true" className="size-4" />
            New campaign
          </Button>
        </div>
      </div>

      {list.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          The campaigns could not be loaded. Please try again.
        </p>
      ) : list.isPending ? (
        <p className="text-sm text-muted-foreground">Loading campaigns...</p>
      ) : campaigns.length === 0 ? (
        <p className="rounded-card border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          No campaigns yet. Create one with New campaign.
        </p>
      ) : (
        <ul aria-label="Campaigns, newest first" className="grid gap-4 xl:grid-cols-2">
          {campaigns.map((campaign) => (
            <li
              key={campaign.id}
              ref={campaign.id === shown ? shownRef : undefined}
              data-linked={campaign.id === shown ? "" : undefined}
              className={cn("min-w-0", campaign.id === shown && "rounded-card ring-2 ring-primary ring-offset-2")}
            >
              <CampaignCard campaign={campaign} onAction={onAction} />
            </li>
          ))}
        </ul>
      )}

      {dialog?.action === "new" ? <CampaignFormDialog campaign={null} onClose={close} /> : null}
      {dialog?.action === "invite" && season.retreat ? (
        <PriorityInviteDialog
          retreat={season.retreat}
          onClose={close}
          onOpenCampaign={(campaignId) => {
            close();
            setShown(campaignId);
            showInUrl(campaignId);
          }}
        />
      ) : null}
      {dialog?.action === "edit" ? <CampaignFormDialog campaign={dialog.campaign} onClose={close} /> : null}
      {dialog?.action === "preview" ? (
        <CampaignPreviewDialog
          title={`Preview of "${dialog.campaign.name}"`}
          url={campaignPath(dialog.campaign.id, "preview")}
          onClose={close}
        />
      ) : null}
      {dialog?.action === "test" ? <TestSendDialog campaign={dialog.campaign} onClose={close} /> : null}
      {dialog?.action === "send" ? <SendCampaignDialog campaign={dialog.campaign} onClose={close} /> : null}
      {dialog?.action === "recipients" ? <RecipientsDialog campaign={dialog.campaign} onClose={close} /> : null}
      {dialog?.action === "cancel" ? (
        <ConfirmDialog
          title="Cancel campaign?"
          description={`Messages of "${dialog.campaign.name}" that have not been sent yet will not be sent.`}
          confirmLabel="Cancel campaign"
          pendingLabel="Cancelling..."
          keepLabel="Keep sending"
          pending={cancel.isPending}
          onConfirm={() => cancel.mutate(dialog.campaign.id, { onSettled: close })}
          onClose={close}
        />
      ) : null}
      {dialog?.action === "delete" ? (
        <ConfirmDialog
          title="Delete campaign?"
          description={`The draft "${dialog.campaign.name}" will be deleted permanently.`}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          keepLabel="Keep draft"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(dialog.campaign.id, { onSuccess: close })}
          onClose={close}
        />
      ) : null}
    </section>
  );
}
