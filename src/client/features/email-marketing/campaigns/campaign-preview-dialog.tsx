import { Button } from "../../../components/ui/button";
import { AdminDialog } from "../../../components/ui/dialog";
import { EmailPreview } from "../templates/email-preview";
import { useRenderedEmail } from "../templates/use-email-preview";

/**
 * A campaign rendered for a sample subscriber: a saved one by its preview endpoint, unsaved text
 * through the template preview (kind "marketing"). Server 400s (an unknown variable) show inside.
 */
export function CampaignPreviewDialog({
  title,
  url,
  input,
  onClose,
}: {
  title: string;
  url: string;
  input?: unknown;
  onClose: () => void;
}) {
  const rendered = useRenderedEmail(url, input);
  return (
    <AdminDialog
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description="Shown with sample subscriber details. Links in the preview do not open."
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      <EmailPreview email={rendered.data} isLoading={rendered.isFetching} error={rendered.error} />
    </AdminDialog>
  );
}
