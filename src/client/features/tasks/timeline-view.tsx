import { type TaskDto, taskStatusLabels } from "../../../shared/schemas/tasks";
import { formatDay, weekStart } from "./format";
import { DueDate, PriorityBadge } from "./task-card";

function byDueDate(a: TaskDto, b: TaskDto): number {
  if (a.dueDate === b.dueDate) return 0;
  if (a.dueDate === null) return 1;
  if (b.dueDate === null) return -1;
  return Date.parse(a.dueDate) - Date.parse(b.dueDate);
}

/** Tasks by the week they are due (Monday headings), undated last. */
export function TimelineView({ tasks }: { tasks: TaskDto[] }) {
  const groups = new Map<string, TaskDto[]>();
  for (const task of [...tasks].sort(byDueDate)) {
    const key = task.dueDate ? weekStart(task.dueDate) : "none";
    groups.set(key, [...(groups.get(key) ?? []), task]);
  }
  if (groups.size === 0) return <p className="text-muted-foreground">No tasks yet.</p>;
  return (
    <div className="grid gap-6">
      {[...groups].map(([week, items]) => (
        <section key={week} aria-labelledby={`week-${week}`}>
          <h3 id={`week-${week}`} className="mb-2 text-base font-semibold">
            {week === "none" ? "No due date" : `Week of ${formatDay(`${week}T12:00:00`)}`}
          </h3>
          <ul className="grid gap-2">
            {items.map((task) => (
              <li
                key={task.id}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-md border border-border bg-card px-3 py-2 text-sm"
              >
                <span className="min-w-0 flex-1 font-medium break-words">{task.title}</span>
                <PriorityBadge priority={task.priority} />
                <span className="text-muted-foreground">{taskStatusLabels[task.status]}</span>
                <DueDate task={task} />
                <span className="text-muted-foreground">{task.assigneeName ?? "Unassigned"}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
