import { SectionCard } from "../../components/ui/section-card";
import { useSeason } from "../admin-shell/use-season";
import { SiteEditorFor } from "./site-editor";

/**
 * The dashboard's Site tab (owner and staff): the public site's words for the season the back
 * office is working on. Staff edit and save the draft; the owner also publishes it.
 */
export function SiteTab({ role }: { role: string }) {
  const season = useSeason();
  if (season.isLoading) return <p className="text-sm text-muted-foreground">Loading the site…</p>;
  if (!season.retreatId) {
    return (
      <SectionCard title="Public site" description="There is no retreat yet.">
        <p className="text-sm">The owner adds the first retreat in Settings; its site can then be written here.</p>
      </SectionCard>
    );
  }
  return <SiteEditorFor retreatId={season.retreatId} canPublish={role === "owner"} />;
}
