import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import {
  type TaskPriority,
  type TaskTemplateDto,
  taskPriorities,
  taskPriorityLabels,
  taskTemplateInputSchema,
} from "../../../shared/schemas/tasks";
import { Button } from "../../components/ui/button";
import { AdminDialog } from "../../components/ui/dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { PriorityBadge } from "./task-card";
import { templatesPath, useApplyTemplates, useDeleteTemplate, useSaveTemplate } from "./tasks-api";

type Draft = {
  id?: string;
  title: string;
  category: string;
  priority: TaskPriority;
  dueOffsetDays: string;
  isActive: boolean;
};
const empty: Draft = { title: "", category: "general", priority: "medium", dueOffsetDays: "", isActive: true };

function offsetLabel(days: number | null) {
  if (days === null) return "No due date";
  if (days === 0) return "On the first day";
  return days < 0 ? `${-days} days before the start` : `${days} days after the start`;
}

/** Manage the checklist templates and apply them to the current retreat. */
export function TemplatesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const list = useQuery<TaskTemplateDto[]>({ queryKey: [templatesPath], enabled: open });
  const save = useSaveTemplate();
  const remove = useDeleteTemplate();
  const apply = useApplyTemplates();
  const [draft, setDraft] = useState<Draft>(empty);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const template = {
      title: draft.title,
      category: draft.category.trim() || "general",
      priority: draft.priority,
      dueOffsetDays: draft.dueOffsetDays.trim() === "" ? null : Number(draft.dueOffsetDays),
      isActive: draft.isActive,
    };
    const parsed = taskTemplateInputSchema.safeParse(template);
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    try {
      await save.mutateAsync({ id: draft.id, template });
      setDraft(empty);
    } catch {
      // toast shown by the mutation
    }
  }

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
          <Button disabled={apply.isPending} onClick={() => apply.mutate()}>
            Create season checklist
          </Button>
        </>
      }
    >
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
              onClick={() =>
                setDraft({
                  id: t.id,
                  title: t.title,
                  category: t.category,
                  priority: t.priority,
                  dueOffsetDays: t.dueOffsetDays === null ? "" : String(t.dueOffsetDays),
                  isActive: t.isActive,
                })
              }
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
        <h3 className="font-semibold sm:col-span-2">{draft.id ? "Edit template" : "Add a template"}</h3>
        <FormField
          id="template-title"
          name="title"
          label="Title"
          required
          error={error ?? undefined}
          className="sm:col-span-2"
        >
          {(control) => (
            <Input {...control} value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
          )}
        </FormField>
        <FormField
          id="template-offset"
          name="dueOffsetDays"
          label="Days from the retreat start"
          hint="Negative for before, e.g. -30"
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              step={1}
              value={draft.dueOffsetDays}
              onChange={(e) => setDraft({ ...draft, dueOffsetDays: e.target.value })}
            />
          )}
        </FormField>
        <FormField id="template-priority" name="priority" label="Priority">
          {(control) => (
            <NativeSelect
              {...control}
              value={draft.priority}
              onChange={(e) => setDraft({ ...draft, priority: e.target.value as TaskPriority })}
            >
              {taskPriorities.map((p) => (
                <option key={p} value={p}>
                  {taskPriorityLabels[p]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id="template-category" name="category" label="Category">
          {(control) => (
            <Input
              {...control}
              value={draft.category}
              onChange={(e) => setDraft({ ...draft, category: e.target.value })}
            />
          )}
        </FormField>
        <label className="flex items-center gap-2 self-end text-sm">
          <input
            type="checkbox"
            checked={draft.isActive}
            onChange={(e) => setDraft({ ...draft, isActive: e.target.checked })}
          />
          Active
        </label>
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" variant="outline" disabled={save.isPending}>
            {draft.id ? "Save template" : "Add template"}
          </Button>
          {draft.id ? (
            <Button variant="ghost" onClick={() => setDraft(empty)}>
              Cancel edit
            </Button>
          ) : null}
        </div>
      </form>
    </AdminDialog>
  );
}
