import { applicationStages } from "../../../shared/constants";
import type { Dashboard } from "../../../shared/schemas/dashboard";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { StageBadge } from "../applications/admin/stage-badge";

const count = new Intl.NumberFormat("en-GB");

/** Applications per stage, in pipeline order, every stage shown (zeros too). */
export function PipelineCard({ data }: { data: Dashboard | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Application Pipeline</CardTitle>
        <CardDescription>
          {data?.currentRetreat ? `Current retreat: ${data.currentRetreat.name}` : "Applications in each stage"}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
          {applicationStages.map((stage) => (
            <li
              key={stage}
              className="flex flex-col items-start gap-2 rounded-md border border-border bg-background/60 p-3"
            >
              <StageBadge stage={stage} />
              <span className="text-2xl font-bold tabular-nums" data-testid={`pipeline-${stage}`}>
                {data ? count.format(data.applicationsByStage[stage] ?? 0) : "…"}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
