import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import type { FeedbackList, JourneyStep, Readiness } from "../../../shared/schemas/journey";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { SectionCard } from "../../components/ui/section-card";
import { Textarea } from "../../components/ui/textarea";
import { FormAlert } from "../../components/ui/write-error";
import { useWrite } from "../../lib/use-write";
import { useSeason } from "../admin-shell/use-season";

const base = (retreatId: string) => `/api/admin/journey/retreats/${retreatId}`;

type StepInput = { enabled: boolean; offsetDays: number; subject: string; body: string };
/** The editor's copy of a message; the offset as typed, so a cleared field is not silently 0. */
type Draft = Omit<StepInput, "offsetDays"> & { offsetDays: string };
const draftOf = (step: JourneyStep): Draft => ({
  enabled: step.enabled,
  offsetDays: String(step.offsetDays),
  subject: step.subject,
  body: step.body,
});
const problems: Record<keyof StepInput, string> = {
  enabled: "Choose whether the message is on.",
  offsetDays: "The offset must be a whole number of days between -365 and 365.",
  subject: "Give the message a subject (at most 200 characters).",
  body: "Write the message (at most 20,000 characters).",
};

function StepEditor({ retreatId, step }: { retreatId: string; step: JourneyStep }) {
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(step));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setDraft(draftOf(step)), [step]);
  const save = useWrite<StepInput>({
    request: (input) => ({ method: "PUT", path: `${base(retreatId)}/steps/${step.key}`, body: input }),
    success: "Journey message saved",
    failure: "Could not save the message",
    refresh: [base(retreatId)],
  });
  return (
    <form
      className="grid gap-2 rounded-md border p-3"
      aria-label={step.label}
      onSubmit={async (event) => {
        event.preventDefault();
        // The server's rules (journeyStepInputSchema), checked here so a bad draft is explained and not sent.
        // Loaded on the first save: the schema library stays out of the tab's first load (decision 021).
        const { journeyStepInputSchema } = await import("../../../shared/schemas/journey");
        const offset = draft.offsetDays.trim();
        const parsed = journeyStepInputSchema.safeParse({
          ...draft,
          offsetDays: offset === "" ? Number.NaN : Number(offset),
        });
        if (!parsed.success) {
          setProblem(problems[parsed.error.issues[0]?.path[0] as keyof StepInput] ?? "Check the message.");
          return;
        }
        setProblem(null);
        save.mutate(parsed.data);
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium">{step.label}</h3>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={draft.enabled}
            onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
          />
          On
        </label>
      </div>
      <Label htmlFor={`${id}-offset`}>
        Offset in days (
        {step.anchor === "acceptance"
          ? "after acceptance"
          : step.anchor === "end"
            ? "after the end"
            : "relative to the start"}
        )
      </Label>
      <Input
        id={`${id}-offset`}
        type="number"
        value={draft.offsetDays}
        onChange={(e) => setDraft({ ...draft, offsetDays: e.target.value })}
      />
      <Label htmlFor={`${id}-subject`}>Subject</Label>
      <Input
        id={`${id}-subject`}
        value={draft.subject}
        onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
      />
      <Label htmlFor={`${id}-body`}>Message</Label>
      <Textarea
        id={`${id}-body`}
        rows={4}
        value={draft.body}
        onChange={(e) => setDraft({ ...draft, body: e.target.value })}
      />
      <FormAlert>{problem}</FormAlert>
      <div>
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}

function FeedbackSection({ retreatId }: { retreatId: string }) {
  const url = `${base(retreatId)}/feedback`;
  const { data } = useQuery<FeedbackList>({ queryKey: [url] });
  const publish = useWrite<{ id: string; published: boolean }>({
    request: ({ id, published }) => ({
      method: "PUT",
      path: `/api/admin/journey/feedback/${id}/published`,
      body: { published },
    }),
    success: (_r, { published }) => (published ? "Quote published on the website" : "Quote removed from the website"),
    failure: "Could not change the quote",
    refresh: [url],
  });
  if (!data) return null;
  return (
    <SectionCard
      title="Feedback"
      description={
        data.count === 0
          ? "No answers yet."
          : `${data.count} answer${data.count === 1 ? "" : "s"}, average rating ${data.average ?? "—"} / 5`
      }
    >
      <ul className="grid gap-2">
        {data.responses.map((r) => (
          <li key={r.id} className="rounded-md border p-3 text-sm">
            <p className="font-medium">
              {r.firstName ?? "Guest"}: {r.rating ?? "—"} / 5
            </p>
            {r.comment ? <p className="mt-1 whitespace-pre-line">{r.comment}</p> : null}
            {r.mayQuote && r.comment ? (
              <Button
                type="button"
                size="sm"
                variant="outline"
                className="mt-2"
                disabled={publish.isPending}
                onClick={() => publish.mutate({ id: r.id, published: !r.published })}
              >
                {r.published ? "Remove from website" : "Publish quote"}
              </Button>
            ) : (
              <p className="mt-1 text-xs text-muted-foreground">Not for quoting</p>
            )}
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

function ReadinessSection({ retreatId }: { retreatId: string }) {
  const { data } = useQuery<Readiness>({ queryKey: [`${base(retreatId)}/readiness`] });
  if (!data) return null;
  return (
    <SectionCard
      title="Readiness"
      description="Accepted guests who are blocking: no travel form, deposit unpaid, no room."
    >
      {data.guests.length === 0 ? (
        <p className="text-sm text-muted-foreground">Every accepted guest is ready.</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {data.guests.map((g) => (
            <li key={g.applicationId}>
              <span className="font-medium">{g.name}</span>: {g.blocking.join(", ")}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

/** The Journey tab (owner and staff): the season's journey messages, readiness, feedback and quotes. */
export function JourneyTab() {
  const { retreatId } = useSeason();
  const { data } = useQuery<{ steps: JourneyStep[] }>({
    queryKey: [`${base(retreatId ?? "")}/steps`],
    enabled: Boolean(retreatId),
  });
  if (!retreatId) return <p className="text-sm text-muted-foreground">Choose a season first.</p>;
  return (
    <div className="grid gap-6">
      <ReadinessSection retreatId={retreatId} />
      <SectionCard
        title="Journey emails"
        description="Sent to each accepted guest relative to the retreat's dates, at most once each. Variables: {{ firstName }}, {{ retreatName }}, {{ startDate }}, {{ endDate }}, {{ location }}, {{ travelFormUrl }}, {{ feedbackUrl }}."
      >
        <div className="grid gap-3">
          {data?.steps.map((step) => (
            <StepEditor key={step.key} retreatId={retreatId} step={step} />
          ))}
        </div>
      </SectionCard>
      <FeedbackSection retreatId={retreatId} />
    </div>
  );
}
