import { htmlLiquid as engine, renderPart, subjectLiquid as subjectEngine } from "./liquid-engine";

export type RenderedEmail = { subject: string; html: string; text: string };

// Every `{{ value }}` in the HTML is escaped; only our own trusted fragments pass through `| raw`.

const layoutSource = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>{{ subject }}</title>
</head>
<body style="margin:0;padding:0;background:#f5efe6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5efe6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;font-family:Helvetica,Arial,sans-serif;color:#2b2823;">
<tr><td style="padding:28px 28px 0;font-size:13px;letter-spacing:2px;text-transform:uppercase;color:#6b7f5e;">Bali Vegan Activism Retreat</td></tr>
<tr><td style="padding:12px 28px 28px;font-size:16px;line-height:1.6;">
{{ content | raw }}
</td></tr>
<tr><td style="padding:20px 28px 28px;border-top:1px solid #eee6da;font-size:13px;line-height:1.5;color:#6b645c;">
{{ footer | raw }}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;

const layout = engine.parse(layoutSource);

/** Parses a message's templates once, at import time, so a broken template fails fast. */
export function compileEmail(parts: { subject: string; content: string; footer: string }) {
  return {
    subject: subjectEngine.parse(parts.subject),
    content: engine.parse(parts.content),
    footer: engine.parse(parts.footer),
  };
}

export type CompiledEmail = ReturnType<typeof compileEmail>;

/** Renders a message: escaped HTML in the shared layout, and the plain-text part derived from it. */
export async function renderEmail(templates: CompiledEmail, data: Record<string, unknown>): Promise<RenderedEmail> {
  // One line only: a line break in a header value could smuggle in another header.
  const subject = (await renderPart(subjectEngine, templates.subject, data)).replace(/\s+/g, " ").trim();
  const content = await renderPart(engine, templates.content, data);
  const footer = await renderPart(engine, templates.footer, data);
  const html = await wrapInLayout({ subject, content, footer });
  return { subject, html, text: htmlToText(html) };
}

/** The product's email layout around already-rendered (escaped or sanitised) content and footer. */
export function wrapInLayout(parts: { subject: string; content: string; footer: string }): Promise<string> {
  return engine.render(layout, parts);
}

const namedEntities: Record<string, string> = { lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", amp: "&" };

function decodeEntity(entity: string, name: string): string {
  if (!name.startsWith("#")) return namedEntities[name] ?? entity;
  const code = /^#x/i.test(name) ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
  return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
}

/**
 * The plain-text part of one of our own templates (user values inside are already escaped, so
 * every tag here is ours). One source per message keeps HTML and text from drifting apart, and
 * the send job can rebuild the text from the stored HTML.
 */
export function htmlToText(html: string): string {
  return (
    html
      .replace(/<head[\s\S]*?<\/head>/gi, "")
      .replace(/<style[\s\S]*?<\/style>/gi, "")
      // Whitespace in HTML source is not layout; block tags below decide the line breaks.
      .replace(/\s+/g, " ")
      .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => {
        const text = label.replace(/<[^>]+>/g, "").trim();
        return text && text !== href ? `${text}: ${href}` : href;
      })
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<li[^>]*>/gi, "\n- ")
      .replace(/<\/(p|h[1-6]|ul|ol|tr|table|div)>/gi, "\n\n")
      .replace(/<[^>]+>/g, "")
      // One pass, so "&amp;lt;" becomes "&lt;" and not "<".
      .replace(/&(#\d{1,6}|#x[0-9a-f]{1,6}|[a-z]+);/gi, decodeEntity)
      .split("\n")
      .map((line) => line.trim())
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}
