import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useId, useState } from "react";
import { type Campaign, campaignListSchema } from "../../../../shared/schemas/email-campaigns";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { campaignPath, campaignsPath } from "../email-marketing-api";
import { type CampaignAction, CampaignCard } from "./campaign-card";
import { CampaignFormDialog } from "./campaign-form-dialog";
import { CampaignPreviewDialog } from "./campaign-preview-dialog";
import { RecipientsDialog } from "./recipients-dialog";
import { SendCampaignDialog } from "./send-campaign-dialog";
import { TestSendDialog } from "./test-send-dialog";
import { useCancelCampaign, useDeleteCampaign, useDuplicateCampaign } from "./use-campaign-mutations";

/** While anything is queued or going out, the list is read again this often so the counters move. */
export const campaignPollMs = 3000;

type OpenDialog = { action: Exclude<CampaignAction, "duplicate">; campaign: Campaign } | { action: "new" } | null;

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
  const duplicate = useDuplicateCampaign();
  const cancel = useCancelCampaign();
  const remove = useDeleteCampaign();
  const close = () => setDialog(null);

  const onAction = (action: CampaignAction, campaign: Campaign) => {
    if (action === "duplicate") duplicate.mutate({ id: campaign.id, name: campaign.name });
    else setDialog({ action, campaign });
  };

  const campaigns = list.data ?? [];
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
        <Button onClick={() => setDialog({ action: "new" })}>
          <Plus aria-hidden="true" className="size-4" />
          New campaign
        </Button>
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
            <li key={campaign.id} className="min-w-0">
              <CampaignCard campaign={campaign} onAction={onAction} />
            </li>
          ))}
        </ul>
      )}

      {dialog?.action === "new" ? <CampaignFormDialog campaign={null} onClose={close} /> : null}
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
