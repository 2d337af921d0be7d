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

export function siteMarkdownToHtml(source: string): string {
  const html = markdown.parse(source) as string;
  return sanitizeHtml(html, {
    allowedTags: ["p", "br", "strong", "em", "b", "i", "a", "ul", "ol", "li"],
    allowedAttributes: { a: ["href", "rel"] },
    allowedSchemes: ["https", "http", "mailto"],
    allowProtocolRelative: false,
    disallowedTagsMode: "escape",
    transformTags: {
      a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }),
    },
  }).trim();
}

/** The published words as the public site gets them: Markdown fields as sanitised HTML, no private fields. */
export function toPublicContent(content: SiteContent): PublicSiteContent {
  return {
    ...content,
    about: {
      eyebrow: content.about.eyebrow,
      title: content.about.title,
      bodyHtml: siteMarkdownToHtml(content.about.body),
    },
    faq: content.faq.map((item) => ({ question: item.question, answerHtml: siteMarkdownToHtml(item.answer) })),
    team: content.team.map(({ bio, email: _private, ...member }) => ({ ...member, bioHtml: siteMarkdownToHtml(bio) })),
  };
}
