import { cn } from "../../../lib/cn";

/**
 * Spec section 2: new outline grey, screening blue, interview purple, accepted green, payment
 * emerald, waitlist yellow, declined red. Text colours are the 800 shades for 4.5:1 contrast.
 */
export const stageBadgeClasses: Record<string, string> = {
  new: "border-gray-400 bg-transparent text-gray-700",
  screening: "border-blue-200 bg-blue-100 text-blue-800",
  interview: "border-purple-200 bg-purple-100 text-purple-800",
  accepted: "border-green-200 bg-green-100 text-green-800",
  payment: "border-emerald-200 bg-emerald-100 text-emerald-800",
  waitlist: "border-yellow-200 bg-yellow-100 text-yellow-800",
  declined: "border-red-200 bg-red-100 text-red-800",
};

export function stageLabel(stage: string): string {
  return stage.charAt(0).toUpperCase() + stage.slice(1);
}

export function StageBadge({ stage }: { stage: string }) {
  return (
    <span
      data-stage={stage}
      className={cn(
        "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        stageBadgeClasses[stage] ?? stageBadgeClasses.new,
      )}
    >
      {stageLabel(stage)}
    </span>
  );
}
