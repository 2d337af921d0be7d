import { useState } from "react";
import type { DefaultValues, FieldValues } from "react-hook-form";
import type { z } from "zod";
import { focusFirstError } from "../../components/ui/form-field";
import { useSchemaForm } from "../../components/ui/rhf-fields";
import { ApiError } from "../../lib/api-request";

/**
 * The spec's form failure display (back-office.md section 5): an alert headed 'Validation Error:'
 * listing every broken rule. role=alert reads it out as soon as it appears.
 */
export function ValidationAlert({ id, messages }: { id: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div id={id} role="alert" className="rounded-md border border-destructive bg-red-50 p-3 text-sm text-destructive">
      <p className="font-semibold">Validation Error:</p>
      <ul className="mt-1 list-disc pl-5">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

/** Every message of a failed zod parse, once each, with the first field that broke each rule. */
export function issuesOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const messages: string[] = [];
  const fields: string[] = [];
  for (const issue of issues) {
    if (!messages.includes(issue.message)) messages.push(issue.message);
    const field = issue.path[0];
    if (typeof field === "string" && !fields.includes(field)) fields.push(field);
  }
  return { messages, fields };
}

/** Field messages from a 400 reply, for the same alert the form's own checks use. */
export function serverIssues(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  try {
    const body = JSON.parse(error.body) as { message?: string; errors?: { message: string }[] };
    const list = body.errors?.map((e) => e.message) ?? (body.message ? [body.message] : []);
    return [...new Set(list)];
  } catch {
    return [];
  }
}

/**
 * A finance form: checked by `schema` (form shape in, API body out) on submit, every broken rule
 * listed in the ValidationAlert and each broken field marked invalid until the next submit; focus
 * goes to the first broken field in page order. A 400's issues replace the list (showServerIssues).
 */
export function useValidatedForm<T extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput, T>,
  defaultValues: DefaultValues<T>,
  formId: string,
) {
  const form = useSchemaForm(schema, defaultValues, { reValidateMode: "onSubmit" });
  const [messages, setMessages] = useState<string[]>([]);
  /** handleSubmit with `send` called on the values as typed once the schema accepts them. */
  const submit = (send: (values: T) => void) =>
    form.handleSubmit(
      () => {
        setMessages([]);
        send(form.getValues());
      },
      () => {
        const found = issuesOf(schema.safeParse(form.getValues()).error?.issues ?? []);
        setMessages(found.messages);
        focusFirstError(document.getElementById(formId), found.fields);
      },
    );
  const showServerIssues = (error: unknown) => setMessages(serverIssues(error));
  return { form, messages, submit, showServerIssues };
}
