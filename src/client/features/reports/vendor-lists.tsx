import { useState } from "react";
import { formatInstant } from "../../../shared/display/time";
import type { VendorLists } from "../../../shared/schemas/reports";
import { Button } from "../../components/ui/button";
import { LoadStatus } from "../../components/ui/section-card";
import { DownloadLinks } from "./download-links";
import { KitchenView } from "./kitchen-view";
import { useVendorKitchenList, useVendorLists, vendorKitchenPath } from "./reports-api";

type Shared = VendorLists["items"][number];

function SharedKitchenList({ item }: { item: Shared }) {
  const query = useVendorKitchenList(item.retreatId);
  return (
    <div className="grid gap-4">
      <LoadStatus
        loading={query.isLoading && "Loading the kitchen list..."}
        error={query.isError && "The kitchen list could not be loaded. It may no longer be shared with you."}
      />
      {query.data ? (
        <>
          <p className="text-sm text-muted-foreground">As of {formatInstant(query.data.generatedAt)}.</p>
          <KitchenView report={query.data} />
        </>
      ) : null}
    </div>
  );
}

/**
 * The vendor portal's lists: the kitchen list of each retreat the team shared with this vendor (a
 * caterer). Opening or downloading one is recorded in the team's audit log, as it holds allergies.
 */
export function VendorListsSection() {
  const lists = useVendorLists();
  const [open, setOpen] = useState<string | null>(null);
  const items = lists.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="vendor-lists" className="grid gap-3">
      <h2 id="vendor-lists" className="text-lg font-semibold">
        Lists shared with you
      </h2>
      <p className="text-sm text-muted-foreground">
        Guests' dietary requirements and allergies, for the kitchen. Please keep them private: each view is recorded.
      </p>
      <ul className="grid gap-4">
        {items.map((item) => {
          const title = `Kitchen list: ${item.retreatName}`;
          const shown = open === item.retreatId;
          return (
            <li key={item.retreatId} className="grid gap-4 rounded-card border border-border bg-card p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold">{title}</h3>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" aria-expanded={shown} onClick={() => setOpen(shown ? null : item.retreatId)}>
                    {shown ? "Hide" : "Open kitchen list"}
                  </Button>
                  <DownloadLinks
                    what={`the kitchen list of ${item.retreatName}`}
                    downloads={[
                      { format: "pdf", href: vendorKitchenPath(item.retreatId, "pdf") },
                      { format: "csv", href: vendorKitchenPath(item.retreatId, "csv") },
                    ]}
                  />
                </div>
              </div>
              {shown ? <SharedKitchenList item={item} /> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
