import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import {
  type Assignee,
  createTaskSchema,
  type TaskDto,
  type TaskPriority,
  taskPriorities,
  taskPriorityLabels,
} from "../../../shared/schemas/tasks";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { NativeSelect } from "../admin-shell/native-select";
import { AdminDialog } from "../applications/admin/admin-dialog";
import { fromDateInput, toDateInput } from "./format";
import { assigneesPath, useCreateTask, useUpdateTask } from "./tasks-api";

type FormState = {
  title: string;
  description: string;
  priority: TaskPriority;
  assigneeId: string;
  dueDate: string;
  category: string;
};

function initial(task: TaskDto | null): FormState {
  return {
    title: task?.title ?? "",
    description: task?.description ?? "",
    priority: task?.priority ?? "medium",
    assigneeId: task?.assigneeId ?? "",
    dueDate: toDateInput(task?.dueDate ?? null),
    category: task?.category ?? "general",
  };
}

/** Create (task null) or edit a task. */
export function TaskFormDialog({
  open,
  onOpenChange,
  task,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  task: TaskDto | null;
}) {
  const [form, setForm] = useState<FormState>(() => initial(task));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const assignees = useQuery<Assignee[]>({ queryKey: [assigneesPath], enabled: open });
  const create = useCreateTask();
  const update = useUpdateTask();
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (open) {
      setForm(initial(task));
      setErrors({});
    }
  }, [open, task]);

  const set = (key: keyof FormState) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const payload = {
      title: form.title,
      description: form.description,
      priority: form.priority,
      assigneeId: form.assigneeId || null,
      dueDate: fromDateInput(form.dueDate),
      category: form.category.trim() || "general",
    };
    const parsed = createTaskSchema.safeParse(payload);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      document.getElementById(`task-${Object.keys(next)[0]}`)?.focus();
      return;
    }
    setErrors({});
    try {
      if (task) await update.mutateAsync({ id: task.id, patch: payload });
      else await create.mutateAsync(payload);
      onOpenChange(false);
    } catch {
      // The mutation's toast already says what went wrong; the form keeps what was typed.
    }
  }

  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      title={task ? "Edit task" : "Create task"}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="task-form" disabled={pending}>
            {task ? "Save changes" : "Create task"}
          </Button>
        </>
      }
    >
      <form id="task-form" noValidate onSubmit={submit} className="grid gap-4">
        <FormField id="task-title" name="title" label="Title" required error={errors.title}>
          {(control) => <Input {...control} value={form.title} onChange={set("title")} maxLength={200} />}
        </FormField>
        <FormField id="task-description" name="description" label="Description" required error={errors.description}>
          {(control) => <Textarea {...control} value={form.description} onChange={set("description")} rows={3} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="task-priority" name="priority" label="Priority" error={errors.priority}>
            {(control) => (
              <NativeSelect {...control} value={form.priority} onChange={set("priority")}>
                {taskPriorities.map((p) => (
                  <option key={p} value={p}>
                    {taskPriorityLabels[p]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id="task-category" name="category" label="Category" error={errors.category}>
            {(control) => <Input {...control} value={form.category} onChange={set("category")} maxLength={100} />}
          </FormField>
          <FormField id="task-assigneeId" name="assigneeId" label="Assignee" error={errors.assigneeId}>
            {(control) => (
              <NativeSelect {...control} value={form.assigneeId} onChange={set("assigneeId")}>
                <option value="">Unassigned</option>
                {(assignees.data ?? []).map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name} ({a.role})
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id="task-dueDate" name="dueDate" label="Due date" error={errors.dueDate}>
            {(control) => <Input {...control} type="date" value={form.dueDate} onChange={set("dueDate")} />}
          </FormField>
        </div>
      </form>
    </AdminDialog>
  );
}
