import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { focusFirstError } from "../../../components/ui/form-field";
import { serverMessage } from "../../../lib/api-error-message";
import { ApiError } from "../../../lib/api-request";

/**
 * The `errors` list of our JSON error body as field name -> message. Paths such as "body.subject"
 * are reduced to their last part; `aliases` renames parts the form calls differently (a
 * campaign's "content" is the renderer's "body").
 */
export function serverFieldErrors(error: unknown, aliases: Record<string, string> = {}): Map<string, string> {
  const fields = new Map<string, string>();
  if (!(error instanceof ApiError) || !error.body) return fields;
  try {
    const parsed = JSON.parse(error.body) as { errors?: unknown };
    if (!Array.isArray(parsed.errors)) return fields;
    for (const entry of parsed.errors as { path?: unknown; message?: unknown }[]) {
      if (typeof entry?.path !== "string" || typeof entry.message !== "string") continue;
      const last = entry.path.split(".").at(-1) ?? "";
      const name = aliases[last] ?? last;
      if (name && !fields.has(name)) fields.set(name, entry.message);
    }
  } catch {
    // Not our JSON: no field messages.
  }
  return fields;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Which text field a template message is about when the reply names no field: the one that
 * contains a `{{ variable }}` the message names ("Unknown variable {{ fistName }}. ..."), or the
 * one the message names ("The subject has a template error: ...").
 */
export function fieldForTemplateMessage(
  message: string,
  texts: Record<string, string>,
  aliases: Record<string, string> = {},
): string | null {
  const named = /^The (\w+) has a template error/.exec(message)?.[1];
  if (named) {
    const field = aliases[named] ?? named;
    if (field in texts) return field;
  }
  // Only the part before "You can use: ..." names the offending variables.
  const offending = message.split("You can use")[0] ?? "";
  for (const match of offending.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)) {
    const variable = new RegExp(`\\{\\{-?\\s*${escapeRegExp(match[1] ?? "")}\\b`);
    const field = Object.keys(texts).find((name) => variable.test(texts[name] ?? ""));
    if (field) return field;
  }
  return null;
}

/**
 * Field messages for a failed save: the reply's own field list, else the field a template
 * message is about. Empty when the message belongs to the form as a whole.
 */
export function fieldErrorsForSave(
  error: unknown,
  texts: Record<string, string>,
  aliases: Record<string, string> = {},
): Map<string, string> {
  const fields = serverFieldErrors(error, aliases);
  if (fields.size > 0) return fields;
  const message = serverMessage(error);
  const field = message ? fieldForTemplateMessage(message, texts, aliases) : null;
  return field && message ? new Map([[field, message]]) : fields;
}

/**
 * After a refused save: the field messages (see fieldErrorsForSave) go on those of `fieldNames`
 * the form has, and the first of them in page order gets focus. Returns false when none did: the
 * message then belongs to the form as a whole.
 */
export function placeSaveErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, "setError">,
  fieldNames: readonly Path<T>[],
  fields: Map<string, string>,
  root: ParentNode | null,
): boolean {
  let placed = false;
  for (const name of fieldNames) {
    const message = fields.get(name);
    if (message === undefined) continue;
    form.setError(name, { type: "server", message });
    placed = true;
  }
  if (placed) focusFirstError(root, fields.keys());
  return placed;
}
