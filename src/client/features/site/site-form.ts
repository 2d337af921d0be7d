import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import type { SiteContent, siteContentSchema } from "../../../shared/schemas/site-content";

/** What the Site tab's form holds (the schema's input) and what it submits (the content the API takes). */
export type SiteFormValues = z.input<typeof siteContentSchema>;
export type SiteForm = UseFormReturn<SiteFormValues, unknown, SiteContent>;

/** The hint under every Markdown field: what site-markdown.ts on the server keeps. */
export const markdownHint =
  "Markdown: **bold**, *italic*, [link](https://…), lists with - or 1. A blank line starts a new paragraph.";

/**
 * The dotted names of every message in react-hook-form's nested errors ("faq.2.answer"), the
 * names the fields carry in data-field: focusInvalid's top-level keys ("faq") find none of them.
 * A list's own message ("Add at least one day") is named by the list.
 */
export function errorNames(errors: unknown, prefix = ""): string[] {
  if (!errors || typeof errors !== "object") return [];
  const names: string[] = [];
  if (typeof (errors as { message?: unknown }).message === "string" && prefix) names.push(prefix);
  for (const [key, value] of Object.entries(errors)) {
    if (key === "ref" || key === "message" || key === "type" || key === "types") continue;
    names.push(...errorNames(value, key === "root" ? prefix : prefix ? `${prefix}.${key}` : key));
  }
  return names;
}
