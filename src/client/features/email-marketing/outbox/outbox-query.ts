import type { EmailLogListQuery } from "../../../../shared/schemas/email-outbox";
import { emailLogsPath } from "../email-marketing-api";

export const outboxPageSize = 25;

export type OutboxFilters = Pick<EmailLogListQuery, "status" | "search" | "page">;
export const defaultOutboxFilters: OutboxFilters = { status: "all", search: "", page: 1 };

/** The query key is the URL itself (the default query function fetches the key). */
export function outboxListUrl(filters: OutboxFilters): string {
  const params = new URLSearchParams();
  if (filters.status !== "all") params.set("status", filters.status);
  if (filters.search.trim()) params.set("search", filters.search.trim());
  params.set("page", String(filters.page));
  params.set("pageSize", String(outboxPageSize));
  return `${emailLogsPath}?${params}`;
}

/** While something is on its way the list is asked again this often, so statuses move on their own. */
export const outboxPollMs = 10_000;

export function isInFlight(status: string): boolean {
  return status === "queued" || status === "sending";
}

/** Campaign sends are retried by the campaign itself (the server refuses them), so they get no Retry button. */
export function canRetry(log: { status: string; kind: string | null }): boolean {
  return log.status === "failed" && log.kind !== "campaign";
}
