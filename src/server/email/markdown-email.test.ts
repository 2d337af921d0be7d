import { describe, expect, it } from "vitest";
import { AppError } from "../http/errors";
import {
  compileMarkdownEmail,
  markdownToHtml,
  renderMarkdownEmail,
  templateLiteral,
  validateEmailTemplate,
} from "./markdown-email";

const footer = `<p><a href="{{ unsubscribeUrl }}">Unsubscribe</a></p>`;

describe("markdownToHtml", () => {
  it("keeps Liquid tags intact, underscores included, and drops empty paragraphs around block tags", () => {
    const html = markdownToHtml("Hi {{ first_name }}, *welcome*\n\n{% if vip %}\n\nVIP **yes**\n\n{% endif %}");
    expect(html).toContain("{{ first_name }}");
    expect(html).toContain("<em>welcome</em>");
    expect(html).toContain("{% if vip %}");
    expect(html).not.toContain("<p>{% if vip %}</p>");
  });
});

describe("templateLiteral", () => {
  const hostile = [
    "{% endraw %}{% capture x %}INJ{% endcapture %}{{ x }}ECTED{% raw %}",
    "{%- endraw -%}{{ firstName }}{%- raw -%}",
    "{{{ firstName }}} }} %} {%",
    "{% include 'package.json' %}",
    "*bold* [link](https://evil.example) <b>tag</b> # | ~ _x_ \\ `code`",
    "https://evil.example www.evil.example someone@evil.example &lt;b&gt; &amp;",
    "1. not a list\n# not a heading\n---\n- nor this",
  ];

  it.each(hostile)("puts %j in a subject and a Markdown body exactly as typed", async (text) => {
    const compiled = compileMarkdownEmail({
      subject: `Before ${templateLiteral(text, "subject")} after`,
      body: `Before ${templateLiteral(text, "markdown")} after`,
      footer: "",
    });
    const email = await renderMarkdownEmail(compiled, { firstName: "Ann" });
    expect(email.subject).toBe(`Before ${text} after`.replace(/\s+/g, " "));
    expect(email.text.replace(/\s+/g, " ")).toContain(`Before ${text} after`.replace(/\s+/g, " "));
    expect(email.html).not.toMatch(/<(b|em|strong|code|ol|ul|li|h\d|hr)\b|href=/);
  });

  it("leaves a literal that passes the template checks (no variables, no raw filter)", () => {
    for (const text of hostile) {
      expect(
        validateEmailTemplate(
          { subject: templateLiteral(text, "subject"), body: templateLiteral(text, "markdown") },
          [],
        ),
      ).toEqual([]);
    }
  });
});

describe("renderMarkdownEmail", () => {
  it("escapes values, sanitises author HTML, styles the markup and builds a text part", async () => {
    const compiled = compileMarkdownEmail({
      subject: "Hello {{ firstName }}\nBcc: evil@example.com",
      body: "# Hi {{ firstName }}\n\nRead [the plan]({{ applyUrl }}).\n\n<script>alert(1)</script><img src=x onerror=alert(2)>",
      footer,
    });
    const email = await renderMarkdownEmail(compiled, {
      firstName: '<b onmouseover="x">Ann</b>',
      applyUrl: "https://example.com/#apply",
      unsubscribeUrl: "https://example.com/u/abc",
    });
    expect(email.subject).toBe('Hello <b onmouseover="x">Ann</b> Bcc: evil@example.com');
    expect(email.html).toContain(`Hi &lt;b onmouseover="x"&gt;Ann&lt;/b&gt;</h1>`);
    expect(email.html).not.toContain("<script");
    expect(email.html).not.toContain("onerror");
    expect(email.html).toContain('<a style="color:#4f6b3f;" href="https://example.com/#apply">the plan</a>');
    expect(email.html).toContain('<h1 style="');
    expect(email.html).toContain('href="https://example.com/u/abc"');
    expect(email.text).toContain("the plan: https://example.com/#apply");
    expect(email.text).toContain('Hi <b onmouseover="x">Ann</b>');
  });

  it("refuses javascript: links written by the author", async () => {
    const compiled = compileMarkdownEmail({ subject: "x", body: "[click](javascript:alert(1))", footer: "" });
    const email = await renderMarkdownEmail(compiled, {});
    expect(email.html).not.toContain("javascript:");
  });
});

describe("validateEmailTemplate", () => {
  const allowed = ["firstName", "applyUrl"];

  it("accepts known variables and filters", () => {
    expect(() =>
      validateEmailTemplate({ subject: "Hi {{ firstName | upcase }}", body: "[Apply]({{ applyUrl }})" }, allowed),
    ).not.toThrow();
  });

  it("names unknown variables and the ones that can be used", () => {
    try {
      validateEmailTemplate({ subject: "Hi", body: "Dear {{ fistName }} {{ x.y }}" }, allowed);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect((error as AppError).message).toBe(
        "Unknown variables {{ fistName }}, {{ x }}. You can use: firstName, applyUrl.",
      );
    }
  });

  it("refuses the raw filter and syntax errors", () => {
    expect(() => validateEmailTemplate({ subject: "Hi", body: "{{ firstName | raw }}" }, allowed)).toThrow(
      /raw filter is not allowed/,
    );
    expect(() => validateEmailTemplate({ subject: "Hi {{ firstName", body: "x" }, allowed)).toThrow(
      /subject has a template error/,
    );
  });
});
