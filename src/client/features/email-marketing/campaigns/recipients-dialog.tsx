import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { type Campaign, campaignSendsResponseSchema, sendStatuses } from "../../../../shared/schemas/email-campaigns";
import { Button } from "../../../components/ui/button";
import { DataTable, ScrollRegion } from "../../../components/ui/data-table";
import { AdminDialog } from "../../../components/ui/dialog";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { ListPagination } from "../../../components/ui/pagination";
import { campaignPath } from "../email-marketing-api";
import { StatusBadge, statusLabel } from "./campaign-status-badge";
import { formatDateTime } from "./format";

const pageSize = 25;

export function sendsUrl(id: string, status: string, page: number): string {
  const query = new URLSearchParams({ status, page: String(page), pageSize: String(pageSize) });
  return `${campaignPath(id, "sends")}?${query}`;
}

/** What happened to each recipient of a campaign, filterable by status, a page at a time. */
export function RecipientsDialog({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const id = useId();
  const [status, setStatus] = useState("all");
  const [page, setPage] = useState(1);
  const sends = useQuery({
    queryKey: [sendsUrl(campaign.id, status, page)],
    select: (data: unknown) => campaignSendsResponseSchema.parse(data),
    placeholderData: keepPreviousData,
    // While a campaign is going out, its recipients' statuses keep changing.
    refetchInterval: campaign.status === "sending" ? 3000 : false,
  });
  const data = sends.data;

  return (
    <AdminDialog
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title={`Recipients of "${campaign.name}"`}
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="grid gap-2 sm:max-w-56">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <NativeSelect
            id={`${id}-status`}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value);
              setPage(1);
            }}
          >
            <option value="all">All</option>
            {sendStatuses.map((value) => (
              <option key={value} value={value}>
                {statusLabel(value)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {sends.isError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            The recipients could not be loaded. Please try again.
          </p>
        ) : !data ? (
          <p className="text-sm text-muted-foreground">Loading recipients...</p>
        ) : (
          <>
            {data.items.length > 0 ? (
              <ScrollRegion label="Recipients, scrollable">
                <DataTable
                  caption="Recipients and what happened to their message"
                  columns={["Email", "Status", "Attempts", "Sent", "Details"]}
                  variant="plain"
                  headClassName="bg-muted text-muted-foreground"
                >
                  {data.items.map((row) => (
                    <tr key={row.id} className="border-t border-border align-top">
                      <td className="px-3 py-2 break-all">{row.email}</td>
                      <td className="px-3 py-2">
                        <StatusBadge status={row.status} />
                      </td>
                      <td className="px-3 py-2">{row.attempts}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(row.sentAt) || "—"}</td>
                      <td className="px-3 py-2 text-muted-foreground">
                        {[
                          row.bouncedAt ? `Bounced ${formatDateTime(row.bouncedAt)}` : null,
                          row.unsubscribedAt ? `Unsubscribed ${formatDateTime(row.unsubscribedAt)}` : null,
                          row.errorMessage,
                        ]
                          .filter(Boolean)
                          .join(". ") || "—"}
                      </td>
                    </tr>
                  ))}
                </DataTable>
              </ScrollRegion>
            ) : null}
            <ListPagination
              data={{ total: data.total, page: data.page, pageSize: data.pageSize, itemCount: data.items.length }}
              noun="recipient"
              label="Recipients pages"
              onPage={setPage}
            />
          </>
        )}
      </div>
    </AdminDialog>
  );
}
