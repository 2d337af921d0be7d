import type { UseMutationResult } from "@tanstack/react-query";
import { Check, CircleDollarSign } from "lucide-react";
import { Button } from "../../components/ui/button";
import { useWrite } from "../../lib/use-write";
import { financeRefresh } from "./finance-api";

type Write = UseMutationResult<unknown, Error, void>;

/**
 * Approve and mark paid, the two steps an expense and a vendor payment go through: PUT
 * `${path}/approve` and `${path}/mark-paid`, each toasting with the record's `noun`.
 */
export function useApproval(path: string, noun: "expense" | "vendor payment") {
  const title = noun.charAt(0).toUpperCase() + noun.slice(1);
  const approve = useWrite({
    request: () => ({ method: "PUT", path: `${path}/approve` }),
    success: `${title} approved successfully`,
    failure: `Failed to approve ${noun}`,
    refresh: financeRefresh,
  });
  const markPaid = useWrite({
    request: () => ({ method: "PUT", path: `${path}/mark-paid` }),
    success: `${title} marked as paid`,
    failure: `Failed to mark ${noun} as paid`,
    refresh: financeRefresh,
  });
  return { approve, markPaid };
}

/** "Approve", named by `label` for its row. */
export function ApproveButton({ label, write }: { label: string; write: Write }) {
  return (
    <Button size="sm" aria-label={label} disabled={write.isPending} onClick={() => write.mutate()}>
      <Check aria-hidden="true" className="size-4" />
      Approve
    </Button>
  );
}

/** "Mark paid", named by `label` for its row. */
export function MarkPaidButton({ label, write }: { label: string; write: Write }) {
  return (
    <Button size="sm" variant="outline" aria-label={label} disabled={write.isPending} onClick={() => write.mutate()}>
      <CircleDollarSign aria-hidden="true" className="size-4" />
      Mark paid
    </Button>
  );
}
