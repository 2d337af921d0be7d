import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EmailLog } from "../../../../shared/schemas/email-outbox";
import { serverMessage } from "../../../lib/api-error-message";
import { apiRequest } from "../../../lib/api-request";
import { toast } from "../../../lib/use-toast";
import { invalidateByPrefix } from "../../../lib/invalidate-by-prefix";
import { emailLogsPath, emailLogUrl } from "./outbox-query";

/** Queues a failed message again; the list (and any open message) then shows it queued. */
export function useRetryEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (log: Pick<EmailLog, "id">) => {
      await apiRequest("POST", `${emailLogUrl(log.id)}/retry`);
    },
    onSuccess: () => {
      toast({ title: "Message queued again" });
      void invalidateByPrefix(queryClient, emailLogsPath);
    },
    onError: (error) =>
      toast({
        title: "Failed to retry message",
        description: serverMessage(error) ?? "Please try again.",
        variant: "destructive",
      }),
  });
}
