import { useState } from "react";
import { lazyDialog } from "../../components/lazy-dialog";
import { Button } from "../../components/ui/button";

const CancelBookingDialog = lazyDialog(() => import("./cancel-booking-dialog").then((m) => m.CancelBookingDialog));

/**
 * "Cancel booking" for an application holding a place: opens a dialog with the refund the
 * cancellation policy gives and records it.
 */
export function CancelBookingButton({
  applicationId,
  applicantName,
}: {
  applicationId: string;
  applicantName: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => setOpen(true)}
        aria-label={`Cancel ${applicantName}'s booking`}
      >
        Cancel booking
      </Button>
      {open ? (
        <CancelBookingDialog
          applicationId={applicationId}
          applicantName={applicantName}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
