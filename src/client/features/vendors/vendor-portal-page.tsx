import { PageLoading } from "../../components/page-loading";
import { AccessDeniedCard } from "../admin-shell/access-denied-card";
import { PortalFrame } from "../admin-shell/portal-frame";
import { useRequireRole } from "../admin-shell/use-require-role";

const vendorOnly = ["vendor"] as const;

export default function VendorPortalPage() {
  const { user, status } = useRequireRole(vendorOnly, { onWrongRole: "show" });
  if (status === "denied") return <AccessDeniedCard message="This portal is only accessible to vendors." />;
  if (status !== "allowed" || !user) return <PageLoading />;
  return <PortalFrame user={user} title="Vendor Portal" />;
}
