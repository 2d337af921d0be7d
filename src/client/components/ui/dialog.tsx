import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { createContext, type FormEvent, type ReactNode, type Ref } from "react";
import { cn } from "../../lib/cn";
import { Button } from "./button";

interface AdminDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Buttons pinned under the scrolling body. */
  footer?: ReactNode;
  size?: "sm" | "lg";
  /** For alert-style confirmations: role alertdialog. */
  alert?: boolean;
}

/** A modal dialog (Radix: focus trap, Escape, focus returns to the trigger) in the back office's style. */
export function AdminDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = "sm",
  alert = false,
}: AdminDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          role={alert ? "alertdialog" : "dialog"}
          // Dismissing a toast that sits over the dialog (phones) must not close the dialog too.
          onInteractOutside={(event) => {
            if (event.target instanceof Element && event.target.closest("[data-toaster]")) event.preventDefault();
          }}
          // Without a description Radix warns; pass undefined explicitly when there is none.
          {...(description ? {} : { "aria-describedby": undefined })}
          className={cn(
            "fixed top-1/2 left-1/2 z-40 flex max-h-[92svh] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col",
            "overflow-hidden rounded-card border border-border bg-card text-card-foreground shadow-xl focus:outline-none",
            size === "lg" ? "max-w-3xl" : "max-w-lg",
          )}
        >
          <div className="flex items-start gap-4 border-b border-border px-5 py-4 sm:px-6">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-lg font-semibold leading-tight">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-muted-foreground">{description}</Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              aria-label="Close dialog"
              className="-mt-1 -mr-2 flex size-10 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
          {footer ? (
            <div className="flex flex-col-reverse gap-2 border-t border-border px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
              {footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface FormDialogFooterProps {
  /** The id of the dialog's form: the submit button sits outside it, in the pinned footer. */
  formId: string;
  pending: boolean;
  submitLabel: ReactNode;
  pendingLabel?: string;
  onCancel: () => void;
  /** The Cancel button's text ("Cancel" by default). */
  cancelLabel?: string;
  /** A submit that destroys or refuses something is red. */
  destructive?: boolean;
  /** Disabled for another reason than saving (nothing to submit yet). */
  disabled?: boolean;
}

/** The Cancel / submit pair under a form dialog; the submit button says what is happening while it saves. */
export function FormDialogFooter({
  formId,
  pending,
  submitLabel,
  pendingLabel = "Saving...",
  onCancel,
  cancelLabel = "Cancel",
  destructive = false,
  disabled = false,
}: FormDialogFooterProps) {
  return (
    <>
      <Button variant="outline" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button
        type="submit"
        form={formId}
        variant={destructive ? "destructive" : undefined}
        disabled={pending || disabled}
      >
        {pending ? pendingLabel : submitLabel}
      </Button>
    </>
  );
}

/** The id of the FormDialog's form; bound fields inside it take `${formId}-${name}` as their id. */
export const FormIdContext = createContext<string | null>(null);

interface FormDialogProps extends Pick<FormDialogFooterProps, "cancelLabel" | "destructive" | "disabled"> {
  title: string;
  /** For a confirmation that cannot be undone: role alertdialog. */
  alert?: boolean;
  /** The form's accessible name, when it differs from the title. */
  formLabel?: string;
  /** An id describing the whole form (e.g. the list of what to fix). */
  describedBy?: string;
  description?: ReactNode;
  size?: "sm" | "lg";
  /** Closing by Escape, the X, the overlay or Cancel. */
  onClose: () => void;
  /** The form's id: the submit button in the pinned footer points at it. */
  formId: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  submitLabel: ReactNode;
  pendingLabel?: string;
  /** The form's layout classes (a grid by default). */
  className?: string;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}

/**
 * An open dialog around one form, with Cancel and submit pinned under it: the shape of every
 * create/edit dialog in the back office, so each dialog only says its fields and what submit does.
 */
export function FormDialog({
  title,
  description,
  size,
  onClose,
  formId,
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
  className = "grid gap-4",
  formRef,
  children,
  alert,
  formLabel = title,
  describedBy,
  cancelLabel,
  destructive,
  disabled,
}: FormDialogProps) {
  return (
    <AdminDialog
      open
      alert={alert}
      size={size}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      footer={
        <FormDialogFooter
          formId={formId}
          pending={pending}
          submitLabel={submitLabel}
          pendingLabel={pendingLabel}
          onCancel={onClose}
          cancelLabel={cancelLabel}
          destructive={destructive}
          disabled={disabled}
        />
      }
    >
      <form
        ref={formRef}
        id={formId}
        noValidate
        aria-label={formLabel}
        aria-describedby={describedBy}
        onSubmit={onSubmit}
        className={className}
      >
        <FormIdContext.Provider value={formId}>{children}</FormIdContext.Provider>
      </form>
    </AdminDialog>
  );
}
