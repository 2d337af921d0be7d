import { CalendarClock, Pencil, Trash2, User } from "lucide-react";
import { useState } from "react";
import { categoryLabel } from "../../../shared/display/labels";
import type { TaskDto } from "../../../shared/schemas/tasks";
import {
  actionsFor,
  isOverdue,
  type TaskStatus,
  taskPriorityLabels,
  taskStatuses,
  taskStatusLabels,
} from "../../../shared/tasks-workflow";
import { Button } from "../../components/ui/button";
import { NativeSelect } from "../../components/ui/native-select";
import { cn } from "../../lib/cn";
import { formatDay } from "./format";

const priorityStyles: Record<TaskDto["priority"], string> = {
  low: "border-border bg-muted text-muted-foreground",
  medium: "border-primary/40 bg-secondary text-primary",
  high: "border-amber-600 bg-amber-50 text-amber-900",
  urgent: "border-destructive bg-destructive text-destructive-foreground",
};

export function PriorityBadge({ priority }: { priority: TaskDto["priority"] }) {
  return (
    <span className={cn("inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold", priorityStyles[priority])}>
      {taskPriorityLabels[priority]}
    </span>
  );
}

export function DueDate({ task }: { task: TaskDto }) {
  if (!task.dueDate) return null;
  const overdue = isOverdue(task);
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1",
        overdue ? "font-semibold text-destructive" : "text-muted-foreground",
      )}
    >
      <CalendarClock aria-hidden="true" className="size-4" />
      Due {formatDay(task.dueDate)}
      {overdue ? (
        <span className="rounded bg-destructive px-1.5 text-xs text-destructive-foreground">Overdue</span>
      ) : null}
    </span>
  );
}

interface TaskCardProps {
  task: TaskDto;
  busy: boolean;
  onAction: (task: TaskDto, to: TaskStatus) => void;
  onMove: (task: TaskDto, to: TaskStatus) => void;
  onEdit: (task: TaskDto) => void;
  onDelete: (task: TaskDto) => void;
}

/** A board card. Mouse users drag it; keyboard and screen-reader users use "Move to" (same call). */
export function TaskCard({ task, busy, onAction, onMove, onEdit, onDelete }: TaskCardProps) {
  const moveId = `move-${task.id}`;
  const [moveTo, setMoveTo] = useState<TaskStatus | "">("");
  return (
    <li
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData("text/plain", task.id);
        event.dataTransfer.effectAllowed = "move";
      }}
      aria-label={task.title}
      data-task-id={task.id}
      className={cn(
        "grid cursor-grab gap-2 rounded-md border bg-card p-3 text-sm shadow-sm",
        isOverdue(task) ? "border-destructive" : "border-border",
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <h4 className="font-semibold leading-snug break-words">{task.title}</h4>
        <PriorityBadge priority={task.priority} />
      </div>
      {task.description ? <p className="line-clamp-3 text-muted-foreground">{task.description}</p> : null}
      <div className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
        <span className="rounded bg-muted px-1.5 py-0.5 text-muted-foreground">{categoryLabel(task.category)}</span>
        <DueDate task={task} />
        <span className="inline-flex items-center gap-1 text-muted-foreground">
          <User aria-hidden="true" className="size-3.5" />
          {task.assigneeName ?? "Unassigned"}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {actionsFor(task.status).map((a) => (
          <Button
            key={a.action}
            size="sm"
            variant={a.action === "revise" ? "outline" : "default"}
            disabled={busy}
            onClick={() => onAction(task, a.to)}
            aria-label={`${a.label}: ${task.title}`}
          >
            {a.label}
          </Button>
        ))}
        <Button size="sm" variant="ghost" onClick={() => onEdit(task)} aria-label={`Edit ${task.title}`}>
          <Pencil aria-hidden="true" className="size-4" />
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onDelete(task)} aria-label={`Delete ${task.title}`}>
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <form
        className="flex items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (moveTo) onMove(task, moveTo);
          setMoveTo("");
        }}
      >
        <label htmlFor={moveId} className="shrink-0 text-xs text-muted-foreground">
          Move to
        </label>
        {/* Choosing does not move yet: arrowing through the options must not fire a move per option (WCAG 3.2.2). */}
        <NativeSelect
          id={moveId}
          className="h-9"
          value={moveTo}
          disabled={busy}
          aria-label={`Move ${task.title} to`}
          onChange={(event) => setMoveTo(event.target.value as TaskStatus | "")}
        >
          <option value="">Choose a column…</option>
          {taskStatuses
            .filter((s) => s !== task.status)
            .map((s) => (
              <option key={s} value={s}>
                {taskStatusLabels[s]}
              </option>
            ))}
        </NativeSelect>
        <Button type="submit" size="sm" variant="outline" disabled={busy || !moveTo} aria-label={`Move ${task.title}`}>
          Move
        </Button>
      </form>
    </li>
  );
}
