import type { EmailLog } from "../../../../shared/schemas/email-outbox";
import { useWrite } from "../../../lib/use-write";
import { emailLogsPath, emailLogUrl } from "../email-marketing-api";

/** Queues a failed message again; the list (and any open message) then shows it queued. */
export function useRetryEmail() {
  return useWrite({
    request: (log: Pick<EmailLog, "id">) => ({ method: "POST", path: `${emailLogUrl(log.id)}/retry` }),
    success: "Message queued again",
    failure: "Failed to retry message",
    refresh: [emailLogsPath],
  });
}
