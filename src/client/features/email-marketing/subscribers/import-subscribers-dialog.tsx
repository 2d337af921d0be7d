import { zodResolver } from "@hookform/resolvers/zod";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import {
  type ImportRowAction,
  maxImportBytes,
  type SubscriberImportResult,
  subscriberImportSchema,
} from "../../../../shared/schemas/email-subscribers";
import { Button } from "../../../components/ui/button";
import { AdminDialog } from "../../../components/ui/dialog";
import { FormField, focusFirstError } from "../../../components/ui/form-field";
import { WriteError } from "../../../components/ui/write-error";
import { cn } from "../../../lib/cn";
import { toast } from "../../../lib/use-toast";
import { ConsentCheckbox, SegmentField, TagsField } from "./subscriber-fields";
import { tagsTextField } from "./tags-field";
import { useImportSubscribers } from "./use-subscriber-mutations";

/** The server's own messages, so the person sees the same words wherever the file is refused. */
export const fileTooLargeMessage = "The file is larger than 5 MB";
const emptyFileMessage = "The file is empty";

/** The options as typed, checked by the import route's own rules (the file is read and checked apart). */
const formSchema = subscriberImportSchema
  .pick({ segment: true, marketingConsent: true })
  .extend({ tags: tagsTextField });
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

const blank: FormInput = { segment: "general", tags: "", marketingConsent: false };

const numberFormat = new Intl.NumberFormat("en-GB");
const count = (n: number) => numberFormat.format(n);

const actionLabels: Record<ImportRowAction, string> = {
  create: "New",
  update: "Update",
  unchanged: "Unchanged",
  skip_unsubscribed: "Skip: unsubscribed",
  duplicate: "Duplicate",
  error: "Error",
};

const actionClasses: Record<ImportRowAction, string> = {
  create: "bg-green-100 text-green-800",
  update: "bg-blue-100 text-blue-800",
  unchanged: "bg-gray-100 text-gray-800",
  skip_unsubscribed: "bg-gray-100 text-gray-800",
  duplicate: "bg-yellow-100 text-yellow-800",
  error: "bg-red-100 text-red-800",
};

/** The server may already start a message with "Line 4:"; the line is shown once, by us. */
export function withoutLinePrefix(message: string, line: number): string {
  const prefix = `Line ${line}:`;
  return message.startsWith(prefix) ? message.slice(prefix.length).trimStart() : message;
}

/** "3 new, 1 updated, 0 unchanged, 2 skipped because unsubscribed, 1 duplicate, 0 errors" */
export function importSummary(result: SubscriberImportResult): string {
  const errors = result.invalid;
  return [
    `${count(result.created)} new`,
    `${count(result.updated)} updated`,
    `${count(result.unchanged)} unchanged`,
    `${count(result.skippedUnsubscribed)} skipped because unsubscribed`,
    `${count(result.duplicates)} ${result.duplicates === 1 ? "duplicate" : "duplicates"}`,
    `${count(errors)} ${errors === 1 ? "error" : "errors"}`,
  ].join(", ");
}

function Counts({ result }: { result: SubscriberImportResult }) {
  const figures: [label: string, value: number][] = [
    ["New", result.created],
    ["Updated", result.updated],
    ["Unchanged", result.unchanged],
    ["Skipped because unsubscribed", result.skippedUnsubscribed],
    ["Duplicates", result.duplicates],
    ["Errors", result.invalid],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-md border border-border p-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{count(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Preview({ result, id }: { result: SubscriberImportResult; id: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The preview appears below the form: take keyboard and screen-reader users to it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby={`${id}-preview-title`} className="flex flex-col gap-3">
      <h3
        id={`${id}-preview-title`}
        ref={heading}
        tabIndex={-1}
        className="rounded-sm text-base font-semibold focus-visible:outline-2 focus-visible:outline-ring"
      >
        Preview: {count(result.totalRows)} {result.totalRows === 1 ? "row" : "rows"} in the file
      </h3>
      <Counts result={result} />
      {result.errors.length > 0 ? (
        <div className="flex flex-col gap-1">
          <h4 className="text-sm font-semibold">Rows that will not be imported</h4>
          <ul aria-label="Errors" className="max-h-40 overflow-y-auto rounded-md border border-border p-2 text-sm">
            {result.errors.map((error) => (
              <li key={`${error.line}-${error.message}`}>
                Line {error.line}: {withoutLinePrefix(error.message, error.line)}
              </li>
            ))}
          </ul>
          {result.invalid > result.errors.length ? (
            <p className="text-sm text-muted-foreground">
              Only the first {count(result.errors.length)} of {count(result.invalid)} errors are listed.
            </p>
          ) : null}
        </div>
      ) : null}
      {result.preview.length > 0 ? (
        // Focusable so keyboard users can scroll it sideways on a phone.
        <section
          aria-label="Preview rows"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          className="overflow-x-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring"
        >
          <table className="w-full min-w-[32rem] border-collapse text-left text-sm">
            <caption className="sr-only">
              The first {result.preview.length} rows and what the import does with each
            </caption>
            <thead className="bg-muted/60">
              <tr>
                <th scope="col" className="px-2 py-1.5 font-semibold">
                  Line
                </th>
                <th scope="col" className="px-2 py-1.5 font-semibold">
                  Email
                </th>
                <th scope="col" className="px-2 py-1.5 font-semibold">
                  Name
                </th>
                <th scope="col" className="px-2 py-1.5 font-semibold">
                  Action
                </th>
              </tr>
            </thead>
            <tbody>
              {result.preview.map((row) => (
                <tr key={row.line} className="border-t border-border">
                  <td className="px-2 py-1.5 tabular-nums">{row.line}</td>
                  <td className="max-w-[14rem] truncate px-2 py-1.5">{row.email || "—"}</td>
                  <td className="px-2 py-1.5">{[row.firstName, row.lastName].filter(Boolean).join(" ") || "—"}</td>
                  <td className="px-2 py-1.5">
                    <span
                      className={cn(
                        "inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap",
                        actionClasses[row.action],
                      )}
                    >
                      {actionLabels[row.action]}
                    </span>
                    {row.message ? (
                      <span className="ml-2 text-muted-foreground">{withoutLinePrefix(row.message, row.line)}</span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </section>
  );
}

/**
 * CSV import in two steps: Preview (dryRun, changes nothing) shows what each row would do, then
 * "Import N contacts" sends the same file and options for real.
 */
export function ImportSubscribersDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const formRef = useRef<HTMLDivElement>(null);
  const importer = useImportSubscribers();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<SubscriberImportResult | null>(null);
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: blank,
    shouldFocusError: false,
    // A tags message goes as soon as the tags are edited, and comes back (if still due) on the next send.
    reValidateMode: "onSubmit",
  });
  const errors = form.formState.errors;
  const resetImporter = importer.reset;

  // Any change makes the preview stale: the import must do exactly what was previewed.
  const changed = () => {
    setPreview(null);
    resetImporter();
  };
  useEffect(() => {
    const watching = form.watch((_values, { name }) => {
      setPreview(null);
      resetImporter();
      if (name === "tags") form.clearErrors("tags");
    });
    return () => watching.unsubscribe();
  }, [form, resetImporter]);

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    changed();
    setFile(chosen);
    setFileError(chosen && chosen.size > maxImportBytes ? fileTooLargeMessage : null);
  };

  const send = (dryRun: boolean) => {
    if (!file) {
      setFileError("Choose a CSV file");
      return;
    }
    if (file.size > maxImportBytes) {
      setFileError(fileTooLargeMessage);
      return;
    }
    void form.handleSubmit(
      async (options) => {
        const csv = await file.text();
        if (!csv.trim()) {
          setFileError(emptyFileMessage);
          return;
        }
        importer.mutate(
          { csv, dryRun, ...options },
          {
            onSuccess: (result) => {
              if (dryRun) {
                setPreview(result);
                return;
              }
              toast({ title: "Import complete", description: importSummary(result) });
              onClose();
            },
          },
        );
      },
      (invalid) => focusFirstError(formRef.current, Object.keys(invalid)),
    )();
  };

  const toImport = preview ? preview.created + preview.updated : 0;

  return (
    <AdminDialog
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title="Import CSV"
      description="Add or update many contacts from a spreadsheet. Preview first: nothing changes until you import."
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          {preview ? (
            <Button disabled={importer.isPending || toImport === 0} onClick={() => send(false)}>
              {importer.isPending
                ? "Importing..."
                : `Import ${count(toImport)} ${toImport === 1 ? "contact" : "contacts"}`}
            </Button>
          ) : (
            <Button disabled={importer.isPending} onClick={() => send(true)}>
              {importer.isPending ? "Checking..." : "Preview"}
            </Button>
          )}
        </>
      }
    >
      <div className="flex flex-col gap-5">
        <div className="rounded-md bg-muted/60 p-3 text-sm">
          <p>
            Recognised columns: <strong>email</strong> (required), <strong>first name</strong>,{" "}
            <strong>last name</strong>, <strong>tags</strong> (separated by ; or |) and <strong>segment</strong>.
            Spellings such as “First Name”, “first_name” and “firstName” all work; other columns are ignored.
          </p>
          <p className="mt-2">
            People who unsubscribed (or whose address bounced or complained) are never re-subscribed: their rows are
            skipped. Existing contacts only get missing names and new tags; their preferences never change.
          </p>
        </div>
        <div ref={formRef} className="grid gap-4 sm:grid-cols-2">
          <FormField
            id={`${id}-file`}
            name="file"
            label="CSV file"
            required
            hint="Up to 5 MB. The first line must be the column headers."
            error={fileError ?? undefined}
            className="sm:col-span-2"
          >
            {(control) => (
              <input
                {...control}
                type="file"
                accept=".csv,text/csv"
                onChange={chooseFile}
                className={cn(
                  "block w-full rounded-md border border-input bg-card text-sm text-foreground",
                  "file:mr-3 file:h-10 file:border-0 file:bg-muted file:px-3 file:font-medium file:text-foreground",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                )}
              />
            )}
          </FormField>
          <SegmentField
            id={`${id}-segment`}
            label="Default segment"
            hint="For rows without a segment column."
            {...form.register("segment")}
          />
          <TagsField
            id={`${id}-tags`}
            label="Tags to add"
            hint="Added to every row; separate with commas."
            error={errors.tags?.message}
            {...form.register("tags")}
          />
          <Controller
            control={form.control}
            name="marketingConsent"
            render={({ field }) => (
              <ConsentCheckbox
                id={`${id}-consent`}
                label="Everyone in this file agreed to receive marketing emails"
                hint="Otherwise new contacts get application and system emails only."
                checked={field.value === true}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        </div>
        <WriteError mutation={importer} fallback="The file could not be imported." />
        {preview ? <Preview result={preview} id={id} /> : null}
      </div>
    </AdminDialog>
  );
}
