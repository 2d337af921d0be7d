import { Button } from "../../components/ui/button";
import { LoadStatus, SectionCard } from "../../components/ui/section-card";
import { useSeason } from "../admin-shell/use-season";
import { useGuestCandidates, useInviteGuest } from "./schedule-api";

/** Accepted applicants and their guest-portal accounts: invite sends a set-password email. */
export function GuestsSection() {
  const season = useSeason();
  const { data, isLoading, isError } = useGuestCandidates(season.retreatId, !season.isLoading);
  const invite = useInviteGuest();
  return (
    <SectionCard
      title="Guests"
      description="Accepted applicants can see their schedule, room and calendar in the guest portal."
    >
      <LoadStatus
        loading={isLoading && "Loading guests..."}
        error={isError && "Failed to load guests."}
        empty={data?.length === 0 && "No accepted applications yet."}
      />
      <ul className="divide-y divide-border">
        {data?.map((g) => (
          <li key={g.applicationId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>
              <span className="font-medium">{g.name}</span> <span className="text-muted-foreground">{g.email}</span>
            </span>
            {g.guestUserId ? (
              <span className="text-muted-foreground">Has portal access</span>
            ) : (
              <Button
                size="sm"
                variant="outline"
                disabled={invite.isPending}
                aria-label={`Invite ${g.name} to guest portal`}
                onClick={() => invite.mutate(g.applicationId)}
              >
                Invite to guest portal
              </Button>
            )}
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
