import { describe, expect, it } from "vitest";
import { defaultSiteContent } from "./default-content";
import { siteMarkdownToHtml, toPublicContent } from "./site-markdown";

describe("siteMarkdownToHtml", () => {
  it("shows a text the parser cannot take as escaped paragraphs instead of failing", () => {
    // A few hundred nested quotes exhaust the parser's stack (the schema now refuses them).
    const source = `<b>hi</b> & "you"\n\n${">".repeat(5000)}`;
    const html = siteMarkdownToHtml(source);
    expect(html.startsWith("<p>&lt;b&gt;hi&lt;/b&gt; &amp; &quot;you&quot;</p>\n<p>&gt;&gt;&gt;")).toBe(true);
    expect(html).not.toContain("<b>");
  });
});

describe("toPublicContent", () => {
  it("parses a content once: the same words give back the same result", () => {
    const first = toPublicContent(structuredClone(defaultSiteContent));
    expect(toPublicContent(structuredClone(defaultSiteContent))).toBe(first);
    const changed = structuredClone(defaultSiteContent);
    changed.about.body = "Another **text**";
    const other = toPublicContent(changed);
    expect(other).not.toBe(first);
    expect(other.about.bodyHtml).toBe("<p>Another <strong>text</strong></p>");
  });
});
