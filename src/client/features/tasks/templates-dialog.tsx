import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import {
  type TaskTemplateDto,
  type TaskTemplateInput,
  taskPriorities,
  taskPriorityLabels,
  taskTemplateInputSchema,
} from "../../../shared/schemas/tasks";
import { Button } from "../../components/ui/button";
import { AdminDialog } from "../../components/ui/dialog";
import { InputField, LabelledOptions, SelectField, useSchemaForm } from "../../components/ui/rhf-fields";
import { useSeason } from "../admin-shell/use-season";
import { PriorityBadge } from "./task-card";
import { seasonTemplatesPath, useApplyTemplates, useDeleteTemplate, useSaveTemplate } from "./tasks-api";

const fieldsSchema = z.object({
  title: z.string(),
  category: z.string(),
  priority: z.enum(taskPriorities),
  dueOffsetDays: z.string(),
  isActive: z.boolean(),
});
type Fields = z.input<typeof fieldsSchema>;
const empty: Fields = { title: "", category: "general", priority: "medium", dueOffsetDays: "", isActive: true };

/** The form as the API's body: a blank category is "general", blank days are no due date. */
function toTemplate(f: Fields): TaskTemplateInput {
  return {
    title: f.title,
    category: f.category.trim() || "general",
    priority: f.priority,
    dueOffsetDays: f.dueOffsetDays.trim() === "" ? null : Number(f.dueOffsetDays),
    isActive: f.isActive,
  };
}

/** The inputs as typed, checked by the API's own rules (taskTemplateInputSchema) on their way to the API. */
const formSchema = fieldsSchema.transform(toTemplate).pipe(taskTemplateInputSchema);

function fromTemplate(t: TaskTemplateDto): Fields {
  return {
    title: t.title,
    category: t.category,
    priority: t.priority,
    dueOffsetDays: t.dueOffsetDays === null ? "" : String(t.dueOffsetDays),
    isActive: t.isActive,
  };
}

function offsetLabel(days: number | null) {
  if (days === null) return "No due date";
  if (days === 0) return "On the first day";
  return days < 0 ? `${-days} days before the start` : `${days} days after the start`;
}

/**
 * Manage the checklist templates of the season the back office works on and apply them to it: the
 * season's own templates (a copied season has them), else the defaults every season shares.
 */
export function TemplatesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { retreatId, retreat } = useSeason();
  const list = useQuery<TaskTemplateDto[]>({ queryKey: [seasonTemplatesPath(retreatId)], enabled: open });
  const own = (list.data ?? []).some((t) => t.retreatId !== null);
  const save = useSaveTemplate();
  const remove = useDeleteTemplate();
  const apply = useApplyTemplates();
  /** The template being edited; none while adding. */
  const [editing, setEditing] = useState<string | undefined>(undefined);
  const form = useSchemaForm(formSchema, empty, { reValidateMode: "onSubmit" });

  const startEdit = (id: string | undefined, fields: Fields) => {
    setEditing(id);
    form.reset(fields);
  };

  // What was typed, as before: the server trims and defaults it the same way the check did.
  const submit = form.handleSubmit(() =>
    save.mutate(
      { id: editing, template: toTemplate(form.getValues()), retreatId },
      { onSuccess: () => startEdit(undefined, empty) },
    ),
  );

  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title="Task templates"
      description="The season checklist: one task per active template, due relative to the retreat's first day."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button disabled={apply.isPending} onClick={() => apply.mutate(retreatId)}>
            Create season checklist
          </Button>
        </>
      }
    >
      {list.isSuccess && retreat ? (
        <p className="mb-3 text-sm text-muted-foreground">
          {own
            ? `${retreat.name}'s own templates: changes here apply to this season only.`
            : `${retreat.name} uses the shared default templates: changes here apply to every season without its own.`}
        </p>
      ) : null}
      <ul className="mb-6 grid gap-2">
        {(list.data ?? []).length === 0 ? <li className="text-sm text-muted-foreground">No templates yet.</li> : null}
        {(list.data ?? []).map((t) => (
          <li
            key={t.id}
            className="flex flex-wrap items-center gap-2 rounded-md border border-border px-3 py-2 text-sm"
          >
            <span className="min-w-0 flex-1 font-medium">
              {t.title}
              {t.isActive ? null : <span className="ml-2 text-muted-foreground">(inactive)</span>}
            </span>
            <PriorityBadge priority={t.priority} />
            <span className="text-muted-foreground">{offsetLabel(t.dueOffsetDays)}</span>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Edit template ${t.title}`}
              onClick={() => startEdit(t.id, fromTemplate(t))}
            >
              Edit
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Delete template ${t.title}`}
              onClick={() => remove.mutate(t.id)}
            >
              Delete
            </Button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
        <h3 className="font-semibold sm:col-span-2">{editing ? "Edit template" : "Add a template"}</h3>
        <InputField form={form} id="template-title" name="title" label="Title" required className="sm:col-span-2" />
        <InputField
          form={form}
          id="template-offset"
          name="dueOffsetDays"
          label="Days from the retreat start"
          hint="Negative for before, e.g. -30"
          type="number"
          step={1}
        />
        <SelectField form={form} id="template-priority" name="priority" label="Priority">
          <LabelledOptions values={taskPriorities} labels={taskPriorityLabels} />
        </SelectField>
        <InputField form={form} id="template-category" name="category" label="Category" />
        <label className="flex items-center gap-2 self-end text-sm">
          <input type="checkbox" {...form.register("isActive")} />
          Active
        </label>
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" variant="outline" disabled={save.isPending}>
            {editing ? "Save template" : "Add template"}
          </Button>
          {editing ? (
            <Button variant="ghost" onClick={() => startEdit(undefined, empty)}>
              Cancel edit
            </Button>
          ) : null}
        </div>
      </form>
    </AdminDialog>
  );
}
