import { Plus } from "lucide-react";
import { useState } from "react";
import type { TaskDto } from "../../../shared/schemas/tasks";
import { lazyDialog } from "../../components/lazy-dialog";
import { Button } from "../../components/ui/button";
import { AdminDialog } from "../../components/ui/dialog";
import { KanbanBoard } from "./kanban-board";
import { useChangeTaskStatus, useDeleteTask, useTasks } from "./tasks-api";
import { TimelineView } from "./timeline-view";

const TaskFormDialog = lazyDialog(() => import("./task-form-dialog").then((m) => m.TaskFormDialog));
const TemplatesDialog = lazyDialog(() => import("./templates-dialog").then((m) => m.TemplatesDialog));

type View = "kanban" | "timeline";

/** The dashboard's Tasks tab: board and timeline of the retreat's tasks. */
export function TasksTab() {
  const list = useTasks();
  const [view, setView] = useState<View>("kanban");
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<TaskDto | null>(null);
  const [deleting, setDeleting] = useState<TaskDto | null>(null);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const changeStatus = useChangeTaskStatus();
  const deleteTask = useDeleteTask();

  const tasks = list.data ?? [];
  return (
    <section aria-labelledby="tasks-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="tasks-heading" className="text-xl font-semibold">
          Tasks
        </h2>
        <div className="flex flex-wrap gap-2">
          <fieldset className="flex rounded-md border border-border p-0.5">
            <legend className="sr-only">View</legend>
            {(["kanban", "timeline"] as const).map((v) => (
              <Button
                key={v}
                size="sm"
                variant={view === v ? "default" : "ghost"}
                aria-pressed={view === v}
                onClick={() => setView(v)}
              >
                {v === "kanban" ? "Kanban" : "Timeline"}
              </Button>
            ))}
          </fieldset>
          <Button variant="outline" onClick={() => setTemplatesOpen(true)}>
            Templates
          </Button>
          <Button
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            <Plus aria-hidden="true" className="size-4" />
            Create task
          </Button>
        </div>
      </div>

      {list.isPending ? <p className="text-muted-foreground">Loading tasks…</p> : null}
      {list.isError ? (
        <p role="alert" className="text-destructive">
          Unable to load tasks. Please try again.
        </p>
      ) : null}
      {list.isSuccess && view === "kanban" ? (
        <KanbanBoard
          tasks={tasks}
          busyId={changeStatus.isPending ? (changeStatus.variables?.task.id ?? null) : null}
          onChangeStatus={(task, status, via) => changeStatus.mutate({ task, status, via })}
          onEdit={(task) => {
            setEditing(task);
            setFormOpen(true);
          }}
          onDelete={setDeleting}
        />
      ) : null}
      {list.isSuccess && view === "timeline" ? <TimelineView tasks={tasks} /> : null}

      <TaskFormDialog open={formOpen} onOpenChange={setFormOpen} task={editing} />
      <TemplatesDialog open={templatesOpen} onOpenChange={setTemplatesOpen} />
      <AdminDialog
        alert
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete task"
        description={deleting ? `Delete "${deleting.title}"? This cannot be undone.` : undefined}
        footer={
          <>
            <Button variant="outline" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={deleteTask.isPending}
              onClick={() => deleting && deleteTask.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
            >
              Delete
            </Button>
          </>
        }
      >
        {null}
      </AdminDialog>
    </section>
  );
}
