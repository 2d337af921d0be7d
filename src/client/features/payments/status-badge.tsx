import { Badge } from "../../components/ui/badge";

/** Text colours are the 800 shades for 4.5:1 contrast on their 100 backgrounds. */
const classes: Record<string, string> = {
  active: "border-blue-200 bg-blue-100 text-blue-800",
  pending: "border-yellow-200 bg-yellow-100 text-yellow-800",
  overdue: "border-red-200 bg-red-100 text-red-800",
  completed: "border-green-200 bg-green-100 text-green-800",
  failed: "border-red-200 bg-red-100 text-red-800",
  cancelled: "border-gray-400 bg-transparent text-gray-700",
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge data-status={status} className={classes[status] ?? classes.cancelled}>
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </Badge>
  );
}
