import { createHash } from "node:crypto";
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import type { PublicSiteContent, SiteContent } from "../../../shared/schemas/site-content";

/**
 * Markdown typed by staff becomes HTML here, on the server, once per publication: paragraphs,
 * emphasis, lists and links only. Raw HTML in the source is escaped by sanitize-html's discard
 * mode, links keep only http(s) and mailto, and every link opens safely. The landing page then
 * inserts this HTML as is, so this is the one place that decides what staff text may become.
 */
const markdown = new Marked({ gfm: true, breaks: false, async: false });

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "b", "i", "a", "ul", "ol", "li"],
  allowedAttributes: { a: ["href", "rel"] },
  allowedSchemes: ["https", "http", "mailto"],
  allowProtocolRelative: false,
  disallowedTagsMode: "escape",
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }),
  },
};

const htmlEscapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Plain text as paragraphs, every character escaped: how a text the parser cannot take is shown. */
function plainParagraphs(source: string): string {
  return source
    .split(/\n{2,}/)
    .map((block) => `<p>${block.replace(/[&<>"']/g, (c) => htmlEscapes[c]!)}</p>`)
    .join("\n");
}

export function siteMarkdownToHtml(source: string): string {
  let html: string;
  try {
    html = markdown.parse(source) as string;
  } catch {
    // The schema refuses the nesting that exhausts the parser's stack; a text saved before that
    // rule (or any other parser failure) is shown as typed rather than failing every page that shows it.
    return plainParagraphs(source).trim();
  }
  return sanitizeHtml(html, sanitizeOptions).trim();
}

function renderPublicContent(content: SiteContent): PublicSiteContent {
  return {
    ...content,
    // Photo references become public photos in features/photos (only the ready ones).
    photos: undefined,
    about: {
      eyebrow: content.about.eyebrow,
      title: content.about.title,
      bodyHtml: siteMarkdownToHtml(content.about.body),
    },
    faq: content.faq.map((item) => ({ question: item.question, answerHtml: siteMarkdownToHtml(item.answer) })),
    team: content.team.map(({ bio, email: _private, photo: _ref, ...member }) => ({
      ...member,
      bioHtml: siteMarkdownToHtml(bio),
    })),
  };
}

/**
 * The last contents turned into public content, by a hash of their JSON. Up to 53 Markdown fields
 * of 5,000 characters can take the parser a second: done on every public read, anyone could keep
 * the server busy by asking for the page's words. Done once per content (a publication, a draft
 * previewed), a read costs a hash. The results are shared: callers must not change them.
 */
const rendered = new Map<string, PublicSiteContent>();
const renderedKept = 8;

/** The published words as the public site gets them: Markdown fields as sanitised HTML, no private fields. */
export function toPublicContent(content: SiteContent): PublicSiteContent {
  const key = createHash("sha256").update(JSON.stringify(content)).digest("base64url");
  const known = rendered.get(key);
  if (known) {
    // Most recently used last, so the oldest is the one let go.
    rendered.delete(key);
    rendered.set(key, known);
    return known;
  }
  const result = renderPublicContent(content);
  rendered.set(key, result);
  if (rendered.size > renderedKept) rendered.delete(rendered.keys().next().value!);
  return result;
}
