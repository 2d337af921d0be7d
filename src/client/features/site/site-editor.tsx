import { useQuery } from "@tanstack/react-query";
import { Eye, Save, Send } from "lucide-react";
import { useEffect, useId, useState } from "react";
import type { FieldErrors, Path } from "react-hook-form";
import { formatInstant } from "../../../shared/display/time";
import type { AdminRetreat } from "../../../shared/schemas/retreats-admin";
import type { AdminSiteContent, SiteContent } from "../../../shared/schemas/site-content";
import { lazyDialog } from "../../components/lazy-dialog";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { FormIdContext } from "../../components/ui/dialog";
import { focusFirstError } from "../../components/ui/form-field";
import { lazySchema, useSchemaForm } from "../../components/ui/rhf-fields";
import { SectionCard } from "../../components/ui/section-card";
import { FormAlert } from "../../components/ui/write-error";
import { serverMessage } from "../../lib/api-error-message";
import { seasonsPath } from "../admin-shell/use-season";
import { useAdminSite, usePublishSite, useSaveSiteDraft } from "./site-api";
import { draftFieldErrors } from "./site-errors";
import { errorNames, type SiteFormValues } from "./site-form";
import { SitePreview } from "./site-preview";
import { SiteSections, sectionAnchor, siteSections } from "./site-sections";

const siteContentSchema = lazySchema(() =>
  import("../../../shared/schemas/site-content").then((m) => m.siteContentSchema),
);

const PublishDialog = lazyDialog(() => import("./publish-dialog").then((m) => m.PublishDialog));

/** The sticky bar's buttons share a phone's width; their icons show from the small breakpoint up. */
const actionClass = "flex-1 px-3 sm:flex-none sm:px-4";
const actionIconClass = "hidden size-4 sm:block";

function PublicationBadge({ site }: { site: AdminSiteContent }) {
  if (!site.publishedAt)
    return (
      <Badge data-status="unpublished" className="border-slate-300 bg-slate-100 text-slate-800">
        Not published yet
      </Badge>
    );
  if (site.hasUnpublishedChanges)
    return (
      <Badge data-status="changed" className="border-amber-300 bg-amber-100 text-amber-800">
        Unpublished changes
      </Badge>
    );
  return (
    <Badge data-status="published" className="border-green-300 bg-green-100 text-green-800">
      Published
    </Badge>
  );
}

/** The browser asks before a reload or a closed tab throws away unsaved edits. */
function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [active]);
}

/**
 * The Site tab's editor for one season: the whole content in one form checked by the shared
 * schema, saved whole as the draft. Preview and Publish work on the saved draft, so with unsaved
 * edits they save first. Staff save; only the owner publishes (the server refuses anyone else).
 */
export function SiteEditor({ site, canPublish }: { site: AdminSiteContent; canPublish: boolean }) {
  const formId = `site-form-${useId().replace(/:/g, "")}`;
  const form = useSchemaForm(siteContentSchema, site.draft as SiteFormValues);
  const save = useSaveSiteDraft(site.retreatId);
  const publish = usePublishSite(site.retreatId);
  const seasons = useQuery<AdminRetreat[]>({ queryKey: [seasonsPath] });
  const shown = seasons.data?.find((retreat) => retreat.isCurrent);
  // Until the seasons are known, nothing is claimed about which one the public site shows.
  const shownOther = seasons.data && shown?.id !== site.retreatId ? (shown?.name ?? "no retreat") : null;
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const dirty = form.formState.isDirty;
  useLeaveWarning(dirty);

  /** Saves the draft; on a refusal the server's messages go under their fields. True when saved. */
  const saveDraft = async (content: SiteContent): Promise<boolean> => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync(content);
      form.reset(saved.draft as SiteFormValues);
      return true;
    } catch (error) {
      const fields = draftFieldErrors(error);
      for (const [name, message] of fields) form.setError(name as Path<SiteFormValues>, { type: "server", message });
      if (fields.size > 0) focusFirstError(document.getElementById(formId), fields.keys());
      else setFormError(serverMessage(error) ?? "The draft was not saved. Please try again.");
      return false;
    }
  };

  const invalid = (errors: FieldErrors) => focusFirstError(document.getElementById(formId), errorNames(errors));
  const onSave = form.handleSubmit(saveDraft, invalid);
  const onPreview = dirty
    ? form.handleSubmit(async (content) => {
        if (await saveDraft(content)) setPreviewing(true);
      }, invalid)
    : () => setPreviewing(true);
  // With unsaved edits, the form is checked before the question is asked.
  const onPublish = dirty ? form.handleSubmit(() => setConfirming(true), invalid) : () => setConfirming(true);
  const confirmPublish = async () => {
    if (dirty) {
      const content = (await siteContentSchema.load()).safeParse(form.getValues());
      if (!content.success || !(await saveDraft(content.data))) {
        setConfirming(false);
        return;
      }
    }
    publish.mutate(undefined, { onSuccess: () => setConfirming(false) });
  };
  const busy = save.isPending || publish.isPending;

  return (
    <div className="grid gap-6 pb-4">
      <SectionCard
        title="Public site"
        description={
          <>
            The words of the public site for <strong className="text-foreground">{site.retreatName}</strong>. Staff save
            drafts; the owner publishes them.
          </>
        }
        contentClassName="grid gap-4"
      >
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm" data-testid="site-status">
          <PublicationBadge site={site} />
          {site.publishedAt ? <span>Last published {formatInstant(site.publishedAt)}</span> : null}
          {dirty ? (
            <Badge data-status="unsaved" className="border-sky-300 bg-sky-100 text-sky-800">
              Unsaved edits
            </Badge>
          ) : null}
        </div>
        <p className="text-sm text-muted-foreground">
          {seasons.data
            ? shownOther === null
              ? "The public site shows this season. "
              : `The public site shows ${shownOther} now; publishing this season switches it to this one. `
            : null}
          {canPublish ? null : "The owner publishes: save your draft and ask them when it is ready."}
        </p>
        {publish.isError && !confirming ? (
          <FormAlert>{serverMessage(publish.error) ?? "The site was not published. Please try again."}</FormAlert>
        ) : null}
        <nav aria-label="Site sections" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {siteSections.map((section) => (
            <a
              key={section.id}
              href={`#${sectionAnchor(section.id)}`}
              className="text-primary underline-offset-4 hover:underline"
            >
              {section.title}
            </a>
          ))}
        </nav>
      </SectionCard>

      <form id={formId} noValidate aria-label="Site content" onSubmit={onSave} className="grid gap-6">
        <FormIdContext.Provider value={formId}>
          <SiteSections form={form} retreatId={site.retreatId} />
        </FormIdContext.Provider>
      </form>

      {/* Always in reach on a long form: whether anything is unsaved, and the actions. One row on a phone. */}
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t border-border bg-background/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-card sm:border sm:px-4">
        <p className="sr-only text-sm text-muted-foreground sm:not-sr-only sm:mr-auto" aria-live="polite">
          {dirty ? "You have unsaved edits." : "Everything is saved."}
        </p>
        {formError ? <FormAlert className="basis-full">{formError}</FormAlert> : null}
        <Button variant="outline" onClick={onPreview} disabled={busy} className={actionClass}>
          <Eye aria-hidden="true" className={actionIconClass} />
          {dirty ? "Save and preview" : "Preview"}
        </Button>
        <Button
          type="submit"
          form={formId}
          variant={canPublish ? "outline" : "default"}
          disabled={busy}
          className={actionClass}
        >
          <Save aria-hidden="true" className={actionIconClass} />
          {save.isPending ? "Saving..." : "Save draft"}
        </Button>
        {canPublish ? (
          <Button onClick={onPublish} disabled={busy} className={actionClass}>
            <Send aria-hidden="true" className={actionIconClass} />
            Publish
          </Button>
        ) : null}
      </div>

      {previewing ? (
        <SitePreview retreatId={site.retreatId} retreatName={site.retreatName} onClose={() => setPreviewing(false)} />
      ) : null}
      {confirming ? (
        <PublishDialog
          retreatName={site.retreatName}
          shownName={shownOther}
          savesFirst={dirty}
          pending={busy}
          mutation={publish}
          onConfirm={confirmPublish}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}

/** Loads a season's site and edits it; a new season gets a fresh form. */
export function SiteEditorFor({ retreatId, canPublish }: { retreatId: string; canPublish: boolean }) {
  const site = useAdminSite(retreatId);
  if (site.error)
    return <FormAlert>{serverMessage(site.error) ?? "The site's content could not be loaded."}</FormAlert>;
  if (!site.data) return <p className="text-sm text-muted-foreground">Loading the site…</p>;
  return <SiteEditor key={site.data.retreatId} site={site.data} canPublish={canPublish} />;
}
