import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { formatZonedSlot } from "../../../shared/display/time";
import type { TaskDto, VendorTaskList } from "../../../shared/schemas/tasks";
import type { VendorBookingDto, VendorSchedule } from "../../../shared/schemas/vendors";
import { actionsFor, type TaskStatus, taskStatusLabels, vendorTaskActions } from "../../../shared/tasks-workflow";
import { PageLoading } from "../../components/page-loading";
import { Button } from "../../components/ui/button";
import { toast } from "../../lib/use-toast";
import { useWrite } from "../../lib/use-write";
import { AccessDeniedCard } from "../admin-shell/access-denied-card";
import { PortalFrame } from "../admin-shell/portal-frame";
import { useRequireRole } from "../admin-shell/use-require-role";
import { VendorListsSection } from "../reports/vendor-lists";
import { DueDate, PriorityBadge } from "../tasks/task-card";
import { vendorSchedulePath, vendorTaskStatusPath, vendorTasksPath } from "./vendors-api";

const vendorOnly = ["vendor"] as const;

/** Spec section 8. */
export const vendorTasksLoadFailure = "Unable to load tasks: Task management will be available once configured.";

/** "Sunday 10 May 2027, 19:30–21:00 (Bali time)": the retreat's clock, never the device's. */
function formatWhen(booking: VendorBookingDto) {
  if (!booking.startTime) return "Time to be confirmed";
  return formatZonedSlot(booking.startTime, booking.endTime, booking.timeZone);
}

function TaskList({
  title,
  tasks,
  onAction,
  busyId,
}: {
  title: string;
  tasks: TaskDto[];
  onAction: (task: TaskDto, to: TaskStatus) => void;
  busyId: string | null;
}) {
  const id = `vendor-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="grid content-start gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {tasks.length === 0 ? <p className="text-sm text-muted-foreground">Nothing here.</p> : null}
      <ul className="grid gap-3">
        {tasks.map((task) => (
          <li
            key={task.id}
            aria-label={task.title}
            className="grid gap-2 rounded-md border border-border bg-card p-3 text-sm"
          >
            <div className="flex items-start justify-between gap-2">
              <h3 className="font-semibold">{task.title}</h3>
              <PriorityBadge priority={task.priority} />
            </div>
            {task.description ? <p className="text-muted-foreground">{task.description}</p> : null}
            <div className="text-xs">
              <DueDate task={task} />
            </div>
            <div className="flex gap-2">
              {actionsFor(task.status, vendorTaskActions).map((a) => (
                <Button
                  key={a.action}
                  size="sm"
                  disabled={busyId === task.id}
                  aria-label={`${a.label}: ${task.title}`}
                  onClick={() => onAction(task, a.to)}
                >
                  {a.label}
                </Button>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function VendorPortal() {
  const list = useQuery<VendorTaskList>({ queryKey: [vendorTasksPath] });
  const schedule = useQuery<VendorSchedule>({ queryKey: [vendorSchedulePath] });
  const change = useWrite<{ task: TaskDto; status: TaskStatus }>({
    request: (input) => ({ method: "POST", path: vendorTaskStatusPath(input.task.id), body: { status: input.status } }),
    success: (_res, input) => ({
      title: "Task updated",
      description: `"${input.task.title}" moved to ${taskStatusLabels[input.status]}.`,
    }),
    failure: "Failed to update task",
    refresh: [vendorTasksPath],
    refreshOnError: true,
    holdUntilRefreshed: true,
  });

  useEffect(() => {
    if (list.isError) toast({ title: vendorTasksLoadFailure, variant: "destructive" });
  }, [list.isError]);

  const tasks = list.data?.tasks ?? [];
  const counts = list.data?.counts;
  const busyId = change.isPending ? (change.variables?.task.id ?? null) : null;
  const onAction = (task: TaskDto, status: TaskStatus) => change.mutate({ task, status });
  const awaitingReview = tasks.filter((t) => t.status === "review");

  return (
    <div className="grid gap-8">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {[
          ["Pending", counts?.pending],
          ["In Progress", counts?.inProgress],
          ["Completed", counts?.completed],
        ].map(([label, n]) => (
          <div key={label} className="rounded-card border border-border bg-card p-4">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-3xl font-bold">{n ?? "–"}</dd>
          </div>
        ))}
      </dl>
      {list.isError ? (
        <p role="alert" className="text-destructive">
          {vendorTasksLoadFailure}
        </p>
      ) : null}
      <div className="grid gap-6 md:grid-cols-2">
        <TaskList
          title="Pending tasks"
          tasks={tasks.filter((t) => t.status === "pending")}
          onAction={onAction}
          busyId={busyId}
        />
        <TaskList
          title="In progress"
          tasks={tasks.filter((t) => t.status === "in_progress")}
          onAction={onAction}
          busyId={busyId}
        />
      </div>
      {awaitingReview.length > 0 ? (
        <p className="text-sm text-muted-foreground">
          Awaiting review by the team: {awaitingReview.map((t) => t.title).join(", ")}
        </p>
      ) : null}
      <VendorListsSection />
      <section aria-labelledby="vendor-schedule" className="grid gap-3">
        <h2 id="vendor-schedule" className="text-lg font-semibold">
          Your schedule
        </h2>
        {schedule.isError ? <p className="text-destructive">Unable to load your schedule.</p> : null}
        {schedule.data && schedule.data.bookings.length === 0 ? (
          <p className="text-sm text-muted-foreground">No sessions booked yet.</p>
        ) : null}
        <ul className="grid gap-2">
          {(schedule.data?.bookings ?? []).map((b) => (
            <li key={b.id} className="rounded-md border border-border bg-card px-3 py-2 text-sm">
              <p className="font-medium">{b.title}</p>
              <p className="text-muted-foreground">
                {formatWhen(b)}
                {b.location ? ` · ${b.location}` : ""}
                {b.status !== "booked" ? ` · ${b.status}` : ""}
              </p>
              {b.description ? <p className="text-muted-foreground">{b.description}</p> : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export default function VendorPortalPage() {
  const { user, status } = useRequireRole(vendorOnly, { onWrongRole: "show" });
  if (status === "denied") return <AccessDeniedCard message="This portal is only accessible to vendors." />;
  if (status !== "allowed" || !user) return <PageLoading />;
  return (
    <PortalFrame user={user} title="Vendor Portal">
      <VendorPortal />
    </PortalFrame>
  );
}
