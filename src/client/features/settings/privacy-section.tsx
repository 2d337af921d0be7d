import { useQuery } from "@tanstack/react-query";
import { Download, Search, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import type { RetentionPolicy, SubjectExport } from "../../../shared/schemas/privacy";
import { subjectSectionLabels, subjectSections } from "../../../shared/subject-sections";
import { lazyDialog } from "../../components/lazy-dialog";
import { Button, buttonVariants } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { FieldError } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { lazySchema, useSchemaForm } from "../../components/ui/rhf-fields";
import { serverMessage } from "../../lib/api-error-message";
import { retentionPath, subjectUrl } from "./settings-api";

const subjectQuerySchema = lazySchema(() =>
  import("../../../shared/schemas/privacy").then((m) => m.subjectQuerySchema),
);

const EraseSubjectDialog = lazyDialog(() => import("./erase-subject-dialog").then((m) => m.EraseSubjectDialog));

function days(n: number): string {
  return `${n} ${n === 1 ? "day" : "days"}`;
}

function RetentionPeriods() {
  const { data, isError } = useQuery<RetentionPolicy>({ queryKey: [retentionPath] });
  if (isError) return <p className="text-sm text-destructive">Could not load the retention periods.</p>;
  if (!data) return <p className="text-sm text-muted-foreground">Loading retention periods...</p>;
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <div className="grid gap-0.5">
        <dt className="text-xs font-medium text-muted-foreground">Travel details (passports, medical, flights)</dt>
        <dd className="text-sm">Deleted {days(data.travelDataDays)} after the retreat ends</dd>
      </div>
      <div className="grid gap-0.5">
        <dt className="text-xs font-medium text-muted-foreground">Declined applications</dt>
        <dd className="text-sm">
          Anonymised {days(data.declinedApplicationDays)} after being declined, unless the applicant asked to stay on
          the priority list
        </dd>
      </div>
    </dl>
  );
}

export function heldCount(data: SubjectExport): number {
  return subjectSections.reduce((n, s) => n + data.sections[s].length, 0);
}

function Summary({ data, labelledBy }: { data: SubjectExport; labelledBy: string }) {
  return (
    <dl aria-labelledby={labelledBy} className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1.5 text-sm sm:max-w-md">
      {subjectSections.map((section) => (
        <div key={section} className="contents">
          <dt>{subjectSectionLabels[section]}</dt>
          <dd className="text-right tabular-nums">{data.sections[section].length}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Settings tab (owner only): the retention periods in force, and data subject requests: find
 * what is held about an address, download it (JSON or CSV), or erase it.
 */
export function PrivacySection() {
  const id = useId();
  const form = useSchemaForm(subjectQuerySchema, { email: "" }, { reValidateMode: "onSubmit" });
  const inputError = form.formState.errors.email?.message;
  /** The address last looked up (as the schema gave it back). */
  const [email, setEmail] = useState<string | null>(null);
  const [erasing, setErasing] = useState(false);
  const subject = useQuery<SubjectExport>({ queryKey: [email ? subjectUrl(email) : ""], enabled: Boolean(email) });

  const find = form.handleSubmit((query) => setEmail(query.email));

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle as="h2" id={`${id}-title`}>
          Privacy
        </CardTitle>
        <CardDescription>
          Retention periods, and requests from people who want to see or erase the data held about them.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-8">
        <section aria-labelledby={`${id}-retention`} className="flex flex-col gap-3">
          <h3 id={`${id}-retention`} className="text-base font-semibold">
            Retention periods
          </h3>
          <RetentionPeriods />
        </section>

        <section aria-labelledby={`${id}-requests`} className="flex flex-col gap-4 border-t border-border pt-6">
          <h3 id={`${id}-requests`} className="text-base font-semibold">
            Data subject requests
          </h3>
          <form onSubmit={find} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="grid flex-1 gap-2">
              <Label htmlFor={`${id}-email`}>Email address</Label>
              <Input
                id={`${id}-email`}
                type="email"
                autoComplete="off"
                aria-invalid={inputError ? true : undefined}
                aria-describedby={inputError ? `${id}-email-error` : undefined}
                {...form.register("email")}
              />
            </div>
            <Button type="submit" disabled={subject.isFetching}>
              <Search aria-hidden="true" className="size-4" />
              {subject.isFetching ? "Searching..." : "Find data"}
            </Button>
          </form>
          {inputError ? <FieldError id={`${id}-email-error`}>{inputError}</FieldError> : null}

          {email ? (
            <div aria-live="polite" className="flex flex-col gap-4">
              {subject.isError ? (
                <p role="alert" className="text-sm text-destructive">
                  {serverMessage(subject.error) ?? "Could not look up this address."}
                </p>
              ) : subject.data && heldCount(subject.data) === 0 ? (
                <p className="text-sm">Nothing is held about {subject.data.email}.</p>
              ) : subject.data ? (
                <>
                  <h4 id={`${id}-held`} className="text-sm font-semibold">
                    Held about {subject.data.email}
                  </h4>
                  <Summary data={subject.data} labelledBy={`${id}-held`} />
                  <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                    <a href={subjectUrl(email)} download className={buttonVariants({ variant: "outline" })}>
                      <Download aria-hidden="true" className="size-4" />
                      Download JSON
                    </a>
                    <a href={subjectUrl(email, "csv")} download className={buttonVariants({ variant: "outline" })}>
                      <Download aria-hidden="true" className="size-4" />
                      Download CSV
                    </a>
                    <Button variant="destructive" onClick={() => setErasing(true)}>
                      <Trash2 aria-hidden="true" className="size-4" />
                      Erase all data…
                    </Button>
                  </div>
                </>
              ) : null}
            </div>
          ) : null}
        </section>
      </CardContent>
      {erasing && email ? <EraseSubjectDialog email={email} onClose={() => setErasing(false)} /> : null}
    </Card>
  );
}
