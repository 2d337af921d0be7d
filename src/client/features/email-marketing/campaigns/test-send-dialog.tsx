import { useId } from "react";
import { z } from "zod";
import { type Campaign, campaignTestSendSchema } from "../../../../shared/schemas/email-campaigns";
import { FormDialog } from "../../../components/ui/dialog";
import { InputField, useSchemaForm } from "../../../components/ui/rhf-fields";
import { useAuth } from "../../../lib/use-auth";
import { useTestSend } from "./use-campaign-mutations";

/** The address as typed: a blank one is asked for, then the API's own rules (campaignTestSendSchema) check it. */
const formSchema = z.object({ email: z.string().trim().min(1, "Email is required") }).pipe(campaignTestSendSchema);

/** One copy of a campaign to one address (the server prefixes the subject with "[Test] "). */
export function TestSendDialog({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const id = useId();
  const formId = `${id}-form`;
  const { user } = useAuth();
  // Until the field is edited it follows the signed-in user's address (which may load after opening).
  const form = useSchemaForm(formSchema, undefined, {
    values: { email: user?.email ?? "" },
    resetOptions: { keepDirtyValues: true },
    reValidateMode: "onSubmit",
  });
  const send = useTestSend();

  return (
    <FormDialog
      onClose={onClose}
      title="Send a test email"
      description={`One copy of "${campaign.name}", with "[Test]" before the subject.`}
      formId={formId}
      onSubmit={form.handleSubmit(({ email }) => send.mutate({ id: campaign.id, email }, { onSuccess: onClose }))}
      pending={send.isPending}
      submitLabel="Send test"
      pendingLabel="Sending..."
    >
      <InputField form={form} name="email" label="Send to" required type="email" autoComplete="email" />
    </FormDialog>
  );
}
