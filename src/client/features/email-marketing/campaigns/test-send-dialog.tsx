import { useId, useState } from "react";
import { z } from "zod";
import type { Campaign } from "../../../../shared/schemas/email-campaigns";
import { Button } from "../../../components/ui/button";
import { AdminDialog } from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { useAuth } from "../../../lib/use-auth";
import { useTestSend } from "./use-campaign-mutations";

const emailSchema = z.string().trim().min(1, "Email is required").pipe(z.email("Please enter a valid email address"));

/** One copy of a campaign to one address (the server prefixes the subject with "[Test] "). */
export function TestSendDialog({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const id = useId();
  const { user } = useAuth();
  const [edited, setEdited] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useTestSend();
  // Until the field is touched it follows the signed-in user's address (which may load after opening).
  const email = edited ?? user?.email ?? "";

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? "Please enter a valid email address");
      return;
    }
    setProblem(null);
    send.mutate({ id: campaign.id, email: parsed.data }, { onSuccess: onClose });
  };

  return (
    <AdminDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Send a test email"
      description={`One copy of "${campaign.name}", with "[Test]" before the subject.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={send.isPending}>
            {send.isPending ? "Sending..." : "Send test"}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={submit}>
        <FormField id={`${id}-email`} name="email" label="Send to" required error={problem ?? undefined}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEdited(event.target.value)}
            />
          )}
        </FormField>
      </form>
    </AdminDialog>
  );
}
