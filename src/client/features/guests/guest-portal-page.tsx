import { PageLoading } from "../../components/page-loading";
import { AccessDeniedCard } from "../admin-shell/access-denied-card";
import { PortalFrame } from "../admin-shell/portal-frame";
import { useRequireRole } from "../admin-shell/use-require-role";
import { GuestPortalView } from "./guest-portal-view";

const guestOnly = ["guest"] as const;

export default function GuestPortalPage() {
  const { user, status } = useRequireRole(guestOnly, { onWrongRole: "show" });
  if (status === "denied") return <AccessDeniedCard message="This portal is only accessible to retreat guests." />;
  if (status !== "allowed" || !user) return <PageLoading />;
  return (
    <PortalFrame user={user} title="Guest Portal">
      <GuestPortalView />
    </PortalFrame>
  );
}
