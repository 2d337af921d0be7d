import { ExternalLink } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import {
  type AdminApplication,
  type AdminApplicationUpdate,
  modalStageOptions,
  scoreSchema,
} from "../../../../shared/schemas/applications-admin";
import { Button } from "../../../components/ui/button";
import { AdminDialog } from "../../../components/ui/dialog";
import { FieldError } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { Textarea } from "../../../components/ui/textarea";
import { serverMessage } from "../../../lib/api-error-message";
import { toast } from "../../../lib/use-toast";
import { ApplicationGuestAccess, canHaveGuestAccount } from "./application-guest-access";
import { ApplicationInterviews } from "./application-interviews";
import { ApplicationJourney } from "./application-journey";
import { ApplicationPriorityList } from "./application-priority-list";
import { ApplicationTravelSection } from "./application-travel";
import { formatDate, fullName, roomPreferenceLabel } from "./format";
import { socialLinks } from "./social-links";
import { StageBadge, stageLabel } from "./stage-badge";
import { useUpdateApplication } from "./use-application-mutations";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className="break-words text-sm">{children || <span className="text-muted-foreground">—</span>}</dd>
    </div>
  );
}

function LongText({ text }: { text: string | null }) {
  return text?.trim() ? (
    <p className="text-sm whitespace-pre-line break-words">{text}</p>
  ) : (
    <p className="text-sm text-muted-foreground">Not provided</p>
  );
}

export function SocialPresence({ application }: { application: AdminApplication }) {
  const links = socialLinks(application);
  if (links.length === 0) return <p className="text-sm text-muted-foreground">No social media links provided</p>;
  return (
    <ul className="flex flex-col gap-1.5">
      {links.map((link) => (
        <li key={link.label} className="text-sm">
          <span className="font-medium">{link.label}: </span>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 break-all text-primary underline underline-offset-2"
          >
            {link.text}
            <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The application's details. Stage, score and internal notes are editable and really saved
 * (PATCH), where the spec only showed a toast.
 */
export function ApplicationDetailModal({
  application,
  onClose,
}: {
  application: AdminApplication;
  onClose: () => void;
}) {
  const id = useId();
  const [stage, setStage] = useState(application.stage);
  const [score, setScore] = useState(String(application.score));
  const [internalNotes, setInternalNotes] = useState(application.internalNotes ?? "");
  const [scoreError, setScoreError] = useState<string | null>(null);
  const update = useUpdateApplication();
  const isCouple = application.applicationType === "couple" || Boolean(application.partnerFirstName);
  // payment is reached only through the pipeline, but an application already there must show it.
  const stageOptions: string[] =
    application.stage === "payment" ? [...modalStageOptions, "payment"] : [...modalStageOptions];

  const save = () => {
    const parsedScore = scoreSchema.safeParse(score.trim() === "" ? Number.NaN : Number(score));
    if (!parsedScore.success) {
      setScoreError(parsedScore.error.issues[0]?.message ?? "Score must be between 0 and 100");
      return;
    }
    setScoreError(null);
    const patch: AdminApplicationUpdate = {};
    if (stage !== application.stage) patch.stage = stage as AdminApplicationUpdate["stage"];
    if (parsedScore.data !== application.score) patch.score = parsedScore.data;
    if (internalNotes !== (application.internalNotes ?? "")) patch.internalNotes = internalNotes;
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { id: application.id, patch },
      {
        onSuccess: () => {
          toast(
            patch.stage
              ? { title: `Application moved to ${patch.stage}` }
              : { title: "Changes saved", description: `${fullName(application)}'s application was updated.` },
          );
          onClose();
        },
      },
    );
  };

  return (
    <AdminDialog
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title={fullName(application)}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          <StageBadge stage={application.stage} />
          <span>Submitted {formatDate(application.submittedAt)}</span>
        </span>
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button onClick={save} disabled={update.isPending}>
            {update.isPending ? "Saving..." : "Save Changes"}
          </Button>
        </>
      }
    >
      <div className="grid gap-6 md:grid-cols-2">
        <Section title="Contact information">
          <dl className="grid gap-3">
            <Detail term="Email">
              <a href={`mailto:${application.email}`} className="text-primary underline underline-offset-2">
                {application.email}
              </a>
            </Detail>
            <Detail term="Phone">{application.phone}</Detail>
            <Detail term="Location">{[application.city, application.country].filter(Boolean).join(", ")}</Detail>
            <Detail term="Application type">{isCouple ? "Couple" : "Individual"}</Detail>
          </dl>
        </Section>
        <Section title="Social presence">
          <SocialPresence application={application} />
        </Section>

        <Section title="Review">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-stage`}>Stage</Label>
              <NativeSelect id={`${id}-stage`} value={stage} onChange={(event) => setStage(event.target.value)}>
                {stageOptions.map((option) => (
                  <option key={option} value={option}>
                    {stageLabel(option)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-score`}>Score (0-100)</Label>
              <Input
                id={`${id}-score`}
                type="number"
                inputMode="numeric"
                min={0}
                max={100}
                step={1}
                value={score}
                aria-invalid={scoreError ? true : undefined}
                aria-describedby={scoreError ? `${id}-score-error` : undefined}
                onChange={(event) => setScore(event.target.value)}
              />
              {scoreError ? <FieldError id={`${id}-score-error`}>{scoreError}</FieldError> : null}
            </div>
          </div>
        </Section>
        <Section title="Stay preferences">
          <dl className="grid gap-3">
            <Detail term="Room preference">{roomPreferenceLabel(application.roomPreference)}</Detail>
            <Detail term="VIP upgrade">
              {application.wantsVipUpgrade ? "Wants the VIP Ultimate upgrade" : "No VIP upgrade requested"}
            </Detail>
            {application.dietaryNotes ? <Detail term="Dietary notes">{application.dietaryNotes}</Detail> : null}
          </dl>
        </Section>

        <Section title="Motivations">
          <LongText text={application.motivations} />
        </Section>
        <Section title="Advocacy involvement">
          <LongText text={application.advocacyInvolvement} />
        </Section>

        {isCouple ? (
          <Section title="Partner details">
            <dl className="grid gap-3">
              <Detail term="Name">
                {[application.partnerFirstName, application.partnerLastName].filter(Boolean).join(" ")}
              </Detail>
              <Detail term="Email">
                {application.partnerEmail ? (
                  <a href={`mailto:${application.partnerEmail}`} className="text-primary underline underline-offset-2">
                    {application.partnerEmail}
                  </a>
                ) : null}
              </Detail>
              <Detail term="Phone">{application.partnerPhone}</Detail>
              <Detail term="Location">
                {[application.partnerCity, application.partnerCountry].filter(Boolean).join(", ")}
              </Detail>
            </dl>
          </Section>
        ) : null}
        {application.additionalInfo ? (
          <Section title="Additional information">
            <LongText text={application.additionalInfo} />
          </Section>
        ) : null}
        {application.interviewNotes ? (
          <Section title="Interview notes">
            <LongText text={application.interviewNotes} />
          </Section>
        ) : null}
        <Section title="Interviews">
          <ApplicationInterviews applicationId={application.id} />
        </Section>
        <ApplicationPriorityList application={application} />
        {canHaveGuestAccount(application.stage) ? (
          <Section title="Guest portal">
            <ApplicationGuestAccess application={application} />
          </Section>
        ) : null}

        {application.stage === "accepted" || application.stage === "payment" ? (
          <Section title="Journey timeline">
            <ApplicationJourney applicationId={application.id} />
          </Section>
        ) : null}
        <ApplicationTravelSection applicationId={application.id} />
        {update.isError ? (
          <p role="alert" className="text-sm font-medium text-destructive md:col-span-2">
            {serverMessage(update.error) ?? "Failed to update application"}
          </p>
        ) : null}
        <div className="grid gap-2 md:col-span-2">
          <Label htmlFor={`${id}-notes`}>Internal notes</Label>
          <Textarea
            id={`${id}-notes`}
            rows={5}
            maxLength={5000}
            value={internalNotes}
            onChange={(event) => setInternalNotes(event.target.value)}
          />
        </div>
      </div>
    </AdminDialog>
  );
}
