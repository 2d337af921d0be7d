/** Placeholder: the campaigns panel is being built. */
export function CampaignsPanel() {
  return <p className="text-sm text-muted-foreground">Campaigns are being built.</p>;
}
