import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import {
  type Assignee,
  type CreateTaskInput,
  createTaskSchema,
  type TaskDto,
  type TaskPriority,
  taskPriorities,
  taskPriorityLabels,
} from "../../../shared/schemas/tasks";
import { Button } from "../../components/ui/button";
import { AdminDialog } from "../../components/ui/dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
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

/** The form's values as the API takes them: no assignee is null, no due date is null, a blank category is "general". */
function toPayload(form: FormState): CreateTaskInput {
  return {
    title: form.title,
    description: form.description,
    priority: form.priority,
    assigneeId: form.assigneeId || null,
    dueDate: fromDateInput(form.dueDate),
    category: form.category.trim() || "general",
  };
}

/** The inputs as typed, checked by the API's own rules (createTaskSchema) on their way to the API. */
const formSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    priority: z.enum(taskPriorities),
    assigneeId: z.string(),
    dueDate: z.string(),
    category: z.string(),
  })
  .transform(toPayload)
  .pipe(createTaskSchema);

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
  const form = useForm<FormState, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: initial(task),
    shouldFocusError: false,
  });
  const errors = form.formState.errors;
  const assignees = useQuery<Assignee[]>({ queryKey: [assigneesPath], enabled: open });
  const create = useCreateTask();
  const update = useUpdateTask();
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (open) form.reset(initial(task));
  }, [open, task, form]);

  const submit = form.handleSubmit(
    async () => {
      // What was typed, as before: the server trims and defaults it the same way the check did.
      const payload = toPayload(form.getValues());
      try {
        if (task) await update.mutateAsync({ id: task.id, patch: payload });
        else await create.mutateAsync(payload);
        onOpenChange(false);
      } catch {
        // The mutation's toast already says what went wrong; the form keeps what was typed.
      }
    },
    (invalid) => document.getElementById(`task-${Object.keys(invalid)[0]}`)?.focus(),
  );

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
        <FormField id="task-title" name="title" label="Title" required error={errors.title?.message}>
          {(control) => <Input {...control} {...form.register("title")} maxLength={200} />}
        </FormField>
        <FormField
          id="task-description"
          name="description"
          label="Description"
          required
          error={errors.description?.message}
        >
          {(control) => <Textarea {...control} {...form.register("description")} rows={3} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="task-priority" name="priority" label="Priority" error={errors.priority?.message}>
            {(control) => (
              <NativeSelect {...control} {...form.register("priority")}>
                {taskPriorities.map((p) => (
                  <option key={p} value={p}>
                    {taskPriorityLabels[p]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id="task-category" name="category" label="Category" error={errors.category?.message}>
            {(control) => <Input {...control} {...form.register("category")} maxLength={100} />}
          </FormField>
          <FormField id="task-assigneeId" name="assigneeId" label="Assignee" error={errors.assigneeId?.message}>
            {(control) => (
              <NativeSelect {...control} {...form.register("assigneeId")}>
                <option value="">Unassigned</option>
                {(assignees.data ?? []).map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name} ({a.role})
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id="task-dueDate" name="dueDate" label="Due date" error={errors.dueDate?.message}>
            {(control) => <Input {...control} type="date" {...form.register("dueDate")} />}
          </FormField>
        </div>
      </form>
    </AdminDialog>
  );
}
