import { confirmedStages } from "../../../../shared/room-rules";
import { Button } from "../../../components/ui/button";
import { useGuestCandidates, useInviteGuest } from "../../schedule/schedule-api";

export function canHaveGuestAccount(stage: string): boolean {
  return (confirmedStages as readonly string[]).includes(stage);
}

/** For an accepted (or paying) applicant: whether they have a guest portal account, or invite them. */
export function ApplicationGuestAccess({
  application,
}: {
  application: { id: string; retreatId: string | null; email: string };
}) {
  const candidates = useGuestCandidates(application.retreatId);
  const invite = useInviteGuest();
  const candidate = candidates.data?.find((c) => c.applicationId === application.id);

  if (candidates.isLoading) return <p className="text-sm text-muted-foreground">Checking portal access...</p>;
  if (candidate?.guestUserId || invite.isSuccess) {
    return <p className="text-sm">Has a guest portal account ({application.email}).</p>;
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="text-sm text-muted-foreground">
        {candidates.isError ? "Could not check portal access." : "No guest portal account yet."}
      </p>
      <Button size="sm" variant="outline" disabled={invite.isPending} onClick={() => invite.mutate(application.id)}>
        {invite.isPending ? "Inviting..." : "Invite to guest portal"}
      </Button>
    </div>
  );
}
