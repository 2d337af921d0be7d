import { useState } from "react";
import { type TaskDto, type TaskStatus, taskStatuses, taskStatusLabels } from "../../../shared/schemas/tasks";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { TaskCard } from "./task-card";

/** Spec: the Completed column shows the latest 5. */
export const completedShown = 5;

interface KanbanBoardProps {
  tasks: TaskDto[];
  busyId: string | null;
  onChangeStatus: (task: TaskDto, to: TaskStatus, via: "button" | "move") => void;
  onEdit: (task: TaskDto) => void;
  onDelete: (task: TaskDto) => void;
}

function latestCompletedFirst(a: TaskDto, b: TaskDto) {
  return (b.completedAt ?? b.updatedAt).localeCompare(a.completedAt ?? a.updatedAt);
}

export function KanbanBoard({ tasks, busyId, onChangeStatus, onEdit, onDelete }: KanbanBoardProps) {
  const [showAllCompleted, setShowAllCompleted] = useState(false);
  const [dropTarget, setDropTarget] = useState<TaskStatus | null>(null);

  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
      {taskStatuses.map((status) => {
        let column = tasks.filter((t) => t.status === status);
        const total = column.length;
        if (status === "completed") {
          column = [...column].sort(latestCompletedFirst);
          if (!showAllCompleted) column = column.slice(0, completedShown);
        }
        const headingId = `column-${status}`;
        return (
          <section
            key={status}
            aria-labelledby={headingId}
            data-column={status}
            onDragOver={(event) => {
              event.preventDefault();
              setDropTarget(status);
            }}
            onDragLeave={() => setDropTarget((s) => (s === status ? null : s))}
            onDrop={(event) => {
              event.preventDefault();
              setDropTarget(null);
              const task = tasks.find((t) => t.id === event.dataTransfer.getData("text/plain"));
              if (task && task.status !== status) onChangeStatus(task, status, "move");
            }}
            className={cn(
              "flex min-h-40 flex-col gap-3 rounded-card border bg-muted/40 p-3",
              dropTarget === status ? "border-primary ring-2 ring-primary" : "border-border",
            )}
          >
            <h3 id={headingId} className="flex items-center justify-between text-base font-semibold">
              {taskStatusLabels[status]}
              <span className="rounded-full bg-card px-2 text-sm text-muted-foreground">{total}</span>
            </h3>
            {column.length === 0 ? <p className="text-sm text-muted-foreground">No tasks.</p> : null}
            <ul className="grid gap-3">
              {column.map((task) => (
                <TaskCard
                  key={task.id}
                  task={task}
                  busy={busyId === task.id}
                  onAction={(t, to) => onChangeStatus(t, to, "button")}
                  onMove={(t, to) => onChangeStatus(t, to, "move")}
                  onEdit={onEdit}
                  onDelete={onDelete}
                />
              ))}
            </ul>
            {status === "completed" && total > completedShown ? (
              <Button variant="ghost" size="sm" onClick={() => setShowAllCompleted((v) => !v)}>
                {showAllCompleted ? "Show latest 5" : `Show all (${total})`}
              </Button>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
