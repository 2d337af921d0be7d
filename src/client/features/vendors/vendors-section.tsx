import { Pencil, Store } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { VendorDto } from "../../../shared/schemas/vendors";
import { lazyDialog } from "../../components/lazy-dialog";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { LoadStatus, SectionCard } from "../../components/ui/section-card";
import { cn } from "../../lib/cn";
import { useWrite } from "../../lib/use-write";
import { useVendorBookings, useVendors, useVendorUsers, vendorRefresh, vendorsPath } from "./vendors-api";

const VendorFormDialog = lazyDialog(() => import("./vendor-form-dialog").then((m) => m.VendorFormDialog));

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className="break-words text-sm">{children || <span className="text-muted-foreground">—</span>}</dd>
    </div>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge className={active ? "border-green-200 bg-green-100 text-green-800" : "border-gray-400 text-gray-700"}>
      {active ? "Active" : "Inactive"}
    </Badge>
  );
}

/** Vendor records: who they are, which vendor user signs in for them, and whether they can be booked. */
export function VendorsSection() {
  const { data, isLoading, isError } = useVendors();
  const bookings = useVendorBookings();
  const vendorUsers = useVendorUsers();
  const [editing, setEditing] = useState<VendorDto | "new" | null>(null);
  const setActive = useWrite<{ vendor: VendorDto; isActive: boolean }, VendorDto>({
    request: ({ vendor, isActive }) => ({ method: "PATCH", path: `${vendorsPath}/${vendor.id}`, body: { isActive } }),
    success: (v) => (v.isActive ? `${v.name} reactivated` : `${v.name} deactivated`),
    failure: "Failed to change vendor",
    refresh: vendorRefresh,
  });
  const userName = (userId: string | null) =>
    userId ? (vendorUsers.data?.find((u) => u.id === userId)?.name ?? "Linked (inactive user)") : "Not linked";
  const bookingCount = (vendorId: string) =>
    (bookings.data ?? []).filter((b) => b.vendorId === vendorId && b.status !== "cancelled").length;

  return (
    <SectionCard
      title="Vendors"
      description="Caterers, drivers, teachers and other suppliers. Deactivate a vendor to stop new bookings; its history stays."
      action={
        <Button onClick={() => setEditing("new")}>
          <Store aria-hidden="true" className="size-4" />
          Add vendor
        </Button>
      }
      dialogs={
        editing ? (
          <VendorFormDialog vendor={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
        ) : null
      }
    >
      <LoadStatus
        loading={isLoading && "Loading vendors..."}
        error={isError && "Failed to load vendors."}
        empty={data?.length === 0 && "No vendors yet."}
      />
      <ul aria-label="Vendor list" className="grid gap-3 lg:grid-cols-2">
        {data?.map((v) => {
          const count = bookingCount(v.id);
          return (
            <li
              key={v.id}
              aria-labelledby={`vendor-${v.id}`}
              className={cn("grid gap-3 rounded-md border border-border p-4", !v.isActive && "bg-muted/50")}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h3 id={`vendor-${v.id}`} className="font-semibold break-words">
                    {v.name}
                  </h3>
                  <p className="text-sm text-muted-foreground">
                    {[v.type, `${count} ${count === 1 ? "booking" : "bookings"}`].filter(Boolean).join(" · ")}
                  </p>
                </div>
                <ActiveBadge active={v.isActive} />
              </div>
              <dl className="grid gap-2 sm:grid-cols-2">
                <Detail term="Email">{v.email}</Detail>
                <Detail term="Phone">{v.phone}</Detail>
                <Detail term="Services">{v.services.join(", ")}</Detail>
                <Detail term="Portal user">{userName(v.userId)}</Detail>
              </dl>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="outline" aria-label={`Edit ${v.name}`} onClick={() => setEditing(v)}>
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`${v.isActive ? "Deactivate" : "Reactivate"} ${v.name}`}
                  disabled={setActive.isPending}
                  onClick={() => setActive.mutate({ vendor: v, isActive: !v.isActive })}
                >
                  {v.isActive ? "Deactivate" : "Reactivate"}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </SectionCard>
  );
}
