import type { Liquid, Template } from "liquidjs";
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { AppError } from "../http/app-error";
import {
  describeTemplateError,
  htmlLiquid as engine,
  renderPart,
  subjectLiquid as subjectEngine,
  templateLimits,
} from "./liquid-engine";
import { htmlToText, type RenderedEmail, wrapInLayout } from "./render";

/**
 * Editable emails: staff write Markdown with Liquid variables ({{ firstName }}). Rendering:
 * Markdown to HTML once per template (the Liquid tags shielded from Markdown), then per
 * recipient Liquid fills in HTML-escaped values and sanitize-html cleans the result, so
 * neither a subscriber's name nor a template author's HTML can inject script or markup that
 * breaks the layout. The plain-text part is derived from the same HTML.
 */

const markdown = new Marked({ gfm: true, breaks: true, async: false });

const liquidTag = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g;
const token = (index: number) => `xliquidtoken${index}x`;
const tokenPattern = /xliquidtoken(\d+)x/g;

/** Markdown to HTML with Liquid tags passed through untouched (underscores in them are not emphasis). */
export function markdownToHtml(source: string): string {
  const tags: string[] = [];
  const shielded = source.replace(liquidTag, (tag) => {
    tags.push(tag);
    return token(tags.length - 1);
  });
  const html = markdown.parse(shielded) as string;
  return (
    html
      // A block tag ({% if %}) alone on its line should not leave an empty paragraph behind.
      .replace(/<p>(xliquidtoken\d+x)<\/p>\n?/g, (whole, only: string) =>
        tags[Number(only.slice(12, -1))]!.startsWith("{%") ? only : whole,
      )
      .replace(tokenPattern, (_, index: string) => tags[Number(index)]!)
  );
}

/**
 * Text from the database placed inside a template's source (a season's name in the priority-list
 * campaign we write for staff): shown as typed, never run. Liquid only sees a tag where "{" is
 * followed by "{" or "%", so every "{" of the text becomes the output {{ "{" }} and none of its
 * own delimiters survive. ({% raw %} around it would not do: the text could close the block with
 * "{% endraw %}" and run what follows.) In a Markdown body every ASCII punctuation character but
 * "{" is backslash-escaped as well (CommonMark shows each as itself), so the text makes no
 * emphasis, link, autolink ("https://", "www.", "a@b.c"), list, heading or HTML entity.
 */
export function templateLiteral(text: string, part: "subject" | "markdown"): string {
  const escaped = part === "markdown" ? text.replace(/[!-/:-@[-`|-~]/g, "\\$&") : text;
  return escaped.replace(/\{/g, '{{ "{" }}');
}

const allowedTags = [
  "p",
  "br",
  "h1",
  "h2",
  "h3",
  "h4",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "del",
  "a",
  "ul",
  "ol",
  "li",
  "blockquote",
  "hr",
  "code",
  "pre",
  "img",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
];

/** Inline styles for email clients that ignore <style>; added after sanitising, on our own markup. */
const tagStyles: Record<string, string> = {
  p: "margin:0 0 16px;",
  h1: "margin:0 0 16px;font-size:24px;line-height:1.3;font-weight:normal;",
  h2: "margin:24px 0 12px;font-size:20px;line-height:1.3;font-weight:normal;",
  h3: "margin:20px 0 8px;font-size:17px;line-height:1.3;",
  h4: "margin:16px 0 8px;font-size:16px;",
  ul: "margin:0 0 16px;padding-left:20px;",
  ol: "margin:0 0 16px;padding-left:20px;",
  li: "margin:0 0 4px;",
  blockquote: "margin:0 0 16px;padding:0 0 0 12px;border-left:3px solid #d9cfc0;color:#5b554d;",
  a: "color:#4f6b3f;",
  img: "max-width:100%;height:auto;border:0;",
  hr: "border:0;border-top:1px solid #eee6da;margin:24px 0;",
  table: "border-collapse:collapse;margin:0 0 16px;",
  th: "border:1px solid #eee6da;padding:6px 8px;text-align:left;",
  td: "border:1px solid #eee6da;padding:6px 8px;",
};

/** Cleans rendered content HTML: only simple formatting, links (http, https, mailto) and images survive. */
export function sanitizeEmailHtml(html: string): string {
  const clean = sanitizeHtml(html, {
    allowedTags,
    allowedAttributes: {
      a: ["href", "title"],
      img: ["src", "alt", "width", "height"],
      th: ["colspan"],
      td: ["colspan"],
    },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["https", "http"] },
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
  });
  return clean.replace(/<(p|h[1-4]|ul|ol|li|blockquote|a|img|hr|table|th|td)(?=[\s>/])/g, (tag, name: string) => {
    const style = tagStyles[name];
    return style ? `${tag} style="${style}"` : tag;
  });
}

export type CompiledMarkdownEmail = { subject: Template[]; content: Template[]; footer: Template[] };

function templateError(what: string, error: unknown): AppError {
  const detail = describeTemplateError(error);
  return new AppError("bad_request", `The ${what} has a template error: ${detail}`, [{ path: what, message: detail }]);
}

function parseOrExplain(liquid: Liquid, source: string, what: string): Template[] {
  try {
    return liquid.parse(source);
  } catch (error) {
    throw templateError(what, error);
  }
}

function markdownOrExplain(source: string): string {
  try {
    return markdownToHtml(source);
  } catch (error) {
    // Marked gives up on pathological nesting with a stack overflow.
    throw templateError("body", error);
  }
}

/**
 * Checks a template before it is saved or sent: it parses, uses only known variables and no
 * `raw` filter. Throws AppError("bad_request") naming what is wrong; returns the variables used.
 */
export function validateEmailTemplate(parts: { subject: string; body: string }, allowed: readonly string[]): string[] {
  const problems: { path: string; message: string }[] = [];
  const used = new Set<string>();
  for (const [path, source, liquid] of [
    ["subject", parts.subject, subjectEngine],
    ["body", parts.body, engine],
  ] as const) {
    if (/\|\s*raw\b/.test(source)) {
      problems.push({ path, message: "The raw filter is not allowed: values are always escaped." });
      continue;
    }
    const templates = parseOrExplain(liquid, source, path);
    const names = liquid.globalVariablesSync(templates).map((name) => name.split(/[.[]/)[0]!);
    for (const name of names) used.add(name);
    const unknown = names.filter((name, i, all) => !allowed.includes(name) && all.indexOf(name) === i);
    if (unknown.length > 0) {
      problems.push({
        path,
        message: `Unknown variable${unknown.length > 1 ? "s" : ""} ${unknown.map((v) => `{{ ${v} }}`).join(", ")}. You can use: ${allowed.join(", ")}.`,
      });
    }
  }
  if (problems.length > 0) throw new AppError("bad_request", problems[0]!.message, problems);
  return [...used];
}

/** Compiles an editable message once; render it per recipient with renderMarkdownEmail. */
export function compileMarkdownEmail(parts: { subject: string; body: string; footer: string }): CompiledMarkdownEmail {
  return {
    subject: parseOrExplain(subjectEngine, parts.subject, "subject"),
    content: parseOrExplain(engine, markdownOrExplain(parts.body), "body"),
    footer: parseOrExplain(engine, parts.footer, "footer"),
  };
}

/**
 * One recipient's message: escaped values, sanitised content, the shared layout, and a text part.
 * timeLimitMs bounds the Liquid rendering of text staff edit (see renderOrExplain).
 */
export async function renderMarkdownEmail(
  compiled: CompiledMarkdownEmail,
  data: Record<string, unknown>,
  timeLimitMs = Number.POSITIVE_INFINITY,
): Promise<RenderedEmail> {
  const deadline = performance.now() + timeLimitMs;
  const subject = (await renderPart(subjectEngine, compiled.subject, data, deadline)).replace(/\s+/g, " ").trim();
  const content = sanitizeEmailHtml(await renderPart(engine, compiled.content, data, deadline));
  const footer = await renderPart(engine, compiled.footer, data, deadline);
  const html = await wrapInLayout({ subject, content, footer });
  return { subject, html, text: htmlToText(html) };
}

/**
 * Renders text staff edit, within the time limit; a failure is a 400 naming it. Checked with
 * sample values before a text is saved, so one that parses but fails when filled in (a filter
 * given the wrong arguments, a limit exceeded) is refused then rather than when a real person
 * triggers it.
 */
export async function renderOrExplain(
  compiled: CompiledMarkdownEmail,
  data: Record<string, unknown>,
): Promise<RenderedEmail> {
  try {
    return await renderMarkdownEmail(compiled, data, templateLimits.renderMs);
  } catch (error) {
    throw new AppError("bad_request", `The template could not be rendered: ${describeTemplateError(error)}`);
  }
}
