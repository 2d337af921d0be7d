import { applicationStages } from "../../../shared/application-stages";
import type { Dashboard } from "../../../shared/schemas/dashboard";
import { Card, CardDescription, CardTitle } from "../../components/ui/card";
import { StageBadge } from "../applications/admin/stage-badge";

const count = new Intl.NumberFormat("en-GB");

/** Whose applications these are: the season's (named as the current retreat when it is the public one). */
function pipelineDescription(data: Dashboard | undefined): string {
  const season = data?.season;
  if (season && season.id !== data.currentRetreat?.id) return `Season: ${season.name}`;
  const current = season ?? data?.currentRetreat;
  return current ? `Current retreat: ${current.name}` : "Applications in each stage";
}

/**
 * Applications per stage, in pipeline order, every stage shown (zeros too). Phones get one row of
 * compact chips that scrolls sideways (so the tabs below stay on the first screen); wider screens
 * a tile per stage. (Own padding here: the Card parts' p-6 cannot be overridden by a class.)
 */
export function PipelineCard({ data }: { data: Dashboard | undefined }) {
  return (
    <Card className="grid gap-3 p-4 sm:gap-4 sm:p-6">
      <div className="grid min-w-0 gap-1">
        <CardTitle as="h2">Application Pipeline</CardTitle>
        <CardDescription className="truncate">{pipelineDescription(data)}</CardDescription>
      </div>
      {/* Focusable so keyboard users can scroll the row on a phone (axe: scrollable-region-focusable). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard */}
      <section aria-label="Applications per stage" tabIndex={0} className="-mx-1 overflow-x-auto px-1 pb-1">
        <ul className="flex gap-2 sm:grid sm:grid-cols-4 sm:gap-3 lg:grid-cols-7">
          {applicationStages.map((stage) => (
            <li
              key={stage}
              className="flex shrink-0 items-center gap-1.5 rounded-md border border-border bg-background/60 px-2 py-1 sm:flex-col sm:items-start sm:gap-2 sm:p-3"
            >
              <StageBadge stage={stage} />
              <span className="text-base font-bold tabular-nums sm:text-2xl" data-testid={`pipeline-${stage}`}>
                {data ? count.format(data.applicationsByStage[stage] ?? 0) : "…"}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
