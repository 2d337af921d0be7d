import { Share2 } from "lucide-react";
import { useId, useState } from "react";
import { formatDay } from "../../../shared/display/dates";
import type { KitchenGrant } from "../../../shared/schemas/reports";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { LoadStatus } from "../../components/ui/section-card";
import { useWrite } from "../../lib/use-write";
import { useVendors } from "../vendors/vendors-api";
import { kitchenGrantPath, kitchenGrantsPath, useKitchenGrants } from "./reports-api";

/**
 * Who outside the team sees the kitchen list: staff share it with a vendor (a caterer) for this
 * retreat, and stop sharing at any time. Both are recorded in the audit log.
 */
export function KitchenGrants({ retreatId, retreatName }: { retreatId: string; retreatName: string }) {
  const id = useId();
  const grants = useKitchenGrants(retreatId);
  const vendors = useVendors();
  const [vendorId, setVendorId] = useState("");
  const [revoking, setRevoking] = useState<KitchenGrant | null>(null);
  const items = grants.data?.items ?? [];
  const shared = new Set(items.map((g) => g.vendorId));
  const candidates = (vendors.data ?? []).filter((v) => v.isActive && !shared.has(v.id));

  const grant = useWrite<string, KitchenGrant>({
    request: (chosen) => ({ method: "POST", path: kitchenGrantsPath, body: { vendorId: chosen, retreatId } }),
    success: (result) => ({
      title: "Kitchen list shared",
      description: `${result.vendorName} can now open it in the vendor portal.`,
    }),
    failure: "Failed to share the kitchen list",
    refresh: [kitchenGrantsPath],
    onSuccess: () => setVendorId(""),
  });
  const revoke = useWrite<KitchenGrant>({
    request: (g) => ({ method: "DELETE", path: kitchenGrantPath(g.id) }),
    success: (_r, g) => ({ title: "Stopped sharing", description: `${g.vendorName} no longer sees the kitchen list.` }),
    failure: "Failed to stop sharing",
    refresh: [kitchenGrantsPath],
    refreshOnError: true,
    onSuccess: () => setRevoking(null),
  });

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-md border border-border p-4">
      <div className="grid gap-1">
        <h3 id={`${id}-title`} className="font-semibold">
          Shared with caterers
        </h3>
        <p className="text-sm text-muted-foreground">
          A vendor you share this list with sees it in the vendor portal: names, dietary requirements and allergies for{" "}
          {retreatName}, never medications or medical conditions. Every view is recorded in the audit log.
        </p>
      </div>
      <LoadStatus error={grants.isError && "Failed to load who the list is shared with."} />
      {items.length === 0 && grants.isSuccess ? (
        <p className="text-sm text-muted-foreground">Not shared with anyone.</p>
      ) : null}
      {items.length > 0 ? (
        <ul
          aria-label="Vendors with the kitchen list"
          className="divide-y divide-border rounded-md border border-border"
        >
          {items.map((g) => (
            <li key={g.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <div className="min-w-0">
                <p className="font-medium">{g.vendorName}</p>
                <p className="text-muted-foreground">
                  Since {formatDay(g.grantedAt)}
                  {g.grantedBy ? `, by ${g.grantedBy}` : ""}
                  {g.vendorCanSignIn ? "" : " · has no vendor portal login yet"}
                </p>
              </div>
              <Button
                size="sm"
                variant="outline"
                aria-label={`Stop sharing the kitchen list with ${g.vendorName}`}
                onClick={() => setRevoking(g)}
              >
                Stop sharing
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (vendorId) grant.mutate(vendorId);
        }}
      >
        <div className="grid min-w-[14rem] flex-1 gap-1.5 sm:flex-none">
          <Label htmlFor={`${id}-vendor`}>Vendor</Label>
          <NativeSelect id={`${id}-vendor`} value={vendorId} onChange={(event) => setVendorId(event.target.value)}>
            <option value="">{candidates.length ? "Choose a vendor" : "No other active vendors"}</option>
            {candidates.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
                {v.type ? ` (${v.type})` : ""}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" disabled={!vendorId || grant.isPending}>
          <Share2 aria-hidden="true" className="size-4" />
          {grant.isPending ? "Sharing..." : "Share kitchen list"}
        </Button>
      </form>
      {revoking ? (
        <ConfirmDialog
          title="Stop sharing the kitchen list?"
          description={`${revoking.vendorName} will no longer see the kitchen list of ${retreatName} in the vendor portal.`}
          confirmLabel="Stop sharing"
          pendingLabel="Stopping..."
          keepLabel="Keep sharing"
          pending={revoke.isPending}
          onConfirm={() => revoke.mutate(revoking)}
          onClose={() => setRevoking(null)}
        >
          <p className="text-sm text-muted-foreground">You can share it again later.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
