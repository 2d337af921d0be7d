import { applicationStages } from "../../../shared/constants";
import type { Dashboard } from "../../../shared/schemas/dashboard";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { StageBadge } from "../applications/admin/stage-badge";

const count = new Intl.NumberFormat("en-GB");

/** Applications per stage, in pipeline order, every stage shown (zeros too). */
export function PipelineCard({ data }: { data: Dashboard | undefined }) {
  return (
    <Card>
      <CardHeader className="p-4 pb-3 sm:p-6">
        <CardTitle as="h2">Application Pipeline</CardTitle>
        <CardDescription>
          {data?.currentRetreat ? `Current retreat: ${data.currentRetreat.name}` : "Applications in each stage"}
        </CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {/* Phones: compact chips that wrap (three rows at most); wider: a tile per stage. */}
        <ul className="flex flex-wrap gap-2 sm:grid sm:grid-cols-4 sm:gap-3 lg:grid-cols-7">
          {applicationStages.map((stage) => (
            <li
              key={stage}
              className="flex items-center gap-1.5 rounded-md border border-border bg-background/60 px-2 py-1 sm:flex-col sm:items-start sm:gap-2 sm:p-3"
            >
              <StageBadge stage={stage} />
              <span className="text-base font-bold tabular-nums sm:text-2xl" data-testid={`pipeline-${stage}`}>
                {data ? count.format(data.applicationsByStage[stage] ?? 0) : "…"}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
