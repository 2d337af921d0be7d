import { ApiError } from "../../lib/api-request";

/**
 * The server's field messages for a refused draft, by the form's field names: the API names a
 * field by its place in the request ("body.content.faq.2.answer"), the form by its place in the
 * content ("faq.2.answer"). Messages about anything else (the retreat id) are left out.
 */
export function draftFieldErrors(error: unknown): Map<string, string> {
  const fields = new Map<string, string>();
  if (!(error instanceof ApiError) || !error.body) return fields;
  try {
    const parsed = JSON.parse(error.body) as { errors?: unknown };
    if (!Array.isArray(parsed.errors)) return fields;
    for (const entry of parsed.errors as { path?: unknown; message?: unknown }[]) {
      if (typeof entry?.path !== "string" || typeof entry.message !== "string") continue;
      const name = /^body\.content\.(.+)$/.exec(entry.path)?.[1];
      if (name && !fields.has(name)) fields.set(name, entry.message);
    }
  } catch {
    // Not our JSON: no field messages.
  }
  return fields;
}
