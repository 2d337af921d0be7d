// @vitest-environment jsdom
/**
 * HTML and script in free text (issue 8, emails): every message the product renders, fed
 * hostile values in every field a person can type (names, retreat names, descriptions,
 * interviewer names...), and hostile Markdown/HTML from template and campaign authors. The HTML
 * part must hold no live markup from input (only escaped text), no handler attribute and no
 * script link; the text part must show the value literally. Uses the real rendering functions.
 * (system-templates.test.ts and markdown-email.test.ts check a `<script>` value per system
 * message and one javascript: link; this goes through every renderer and more vectors.)
 */
import { describe, expect, it } from "vitest";
import { type SystemTemplateKey, systemTemplateKeys } from "../../shared/schemas/email-templates";
import { compileMarkdownEmail, renderMarkdownEmail } from "../email/markdown-email";
import type { RenderedEmail } from "../email/render";
import { renderDefaultSystemEmail, type SystemTemplateData, systemTemplates } from "../email/system-templates";
import { renderSetPasswordEmail } from "../email/templates/set-password";
import { renderPlaceOfferEmail } from "../features/admissions/place-emails";
import { campaignMail, type PreparedCampaign, renderForRecipient } from "../features/email-campaigns/campaign-message";
import { marketingData, marketingEmail } from "../features/email-campaigns/marketing-message";
import { renderBookingLinkEmail, renderInterviewEmail } from "../features/interviews/interview-emails";

/** Closes tags, opens script, adds a handler, breaks out of both quote styles, and an ampersand. */
const payload = `<script>alert(1)</script><img src=x onerror=alert(1)>"' onmouseover="alert(1)&`;
const escapedScript = "&lt;script&gt;alert(1)&lt;/script&gt;";

/**
 * Live markup an attacker wants: script and active elements, handler attributes, script URLs.
 * Parsed the way a mail client's HTML engine would, so text that merely looks like a tag (the
 * escaped value) is not counted and an attribute that broke out of its quotes is.
 */
function liveMarkupProblems(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const problems: string[] = [];
  for (const el of doc.querySelectorAll(
    "script, iframe, object, embed, form, svg, math, style, link, meta[http-equiv]",
  )) {
    problems.push(`<${el.tagName.toLowerCase()}> element`);
  }
  for (const el of doc.querySelectorAll("*")) {
    for (const attr of el.attributes) {
      const where = `${attr.name} on <${el.tagName.toLowerCase()}>`;
      if (attr.name.startsWith("on")) problems.push(`handler ${where}`);
      if (/^\s*(javascript|vbscript|data):/i.test(attr.value.replace(/\p{Cc}/gu, ""))) {
        problems.push(`script URL in ${where}`);
      }
      if (attr.name === "style" && /url\(|expression\(/i.test(attr.value)) problems.push(`style URL in ${where}`);
    }
  }
  return problems;
}

/** The value shows escaped in the HTML and literally (not as entities) in the text part. */
function expectSafe(email: RenderedEmail, where: string) {
  expect(liveMarkupProblems(email.html), where).toEqual([]);
  expect(email.html, where).toContain(escapedScript);
  expect(email.text, where).toContain("<script>alert(1)</script><img src=x onerror=alert(1)>");
  expect(email.text, where).not.toContain("&lt;");
  expect(email.subject, where).not.toMatch(/[\r\n]/);
}

/** Every variable of a system message set to the payload (links too), typed values from the previews. */
function hostileSystemData(key: SystemTemplateKey): Record<string, unknown> {
  const definition = systemTemplates[key];
  return {
    ...Object.fromEntries(definition.variables.map((v) => [v.name, payload])),
    ...definition.previewValues,
  };
}

describe("system messages with hostile values in every field", () => {
  it.each(systemTemplateKeys)("%s escapes every value (default text)", async (key) => {
    const email = await renderDefaultSystemEmail(key, hostileSystemData(key) as SystemTemplateData[typeof key]);
    expectSafe(email, key);
  });

  it.each(systemTemplateKeys)("%s, edited by staff with every variable in it, still escapes them", async (key) => {
    const names = systemTemplates[key].variables.map((v) => v.name);
    const body = names.map((n) => `- ${n}: {{ ${n} }} [link]({{ ${n} }})`).join("\n");
    const compiled = compileMarkdownEmail({
      subject: names.map((n) => `{{ ${n} }}`).join(" "),
      body,
      footer: systemTemplates[key].footer,
    });
    const email = await renderMarkdownEmail(compiled, hostileSystemData(key));
    expectSafe(email, key);
  });
});

describe("other product messages with hostile values", () => {
  const at = new Date("2030-05-01T10:00:00Z");

  it("set-password invitation and reset", async () => {
    for (const invited of [true, false]) {
      const email = await renderSetPasswordEmail({
        firstName: payload,
        email: payload,
        url: payload,
        expiresInHours: 72,
        invited,
      });
      expectSafe(email, `set-password invited=${invited}`);
    }
  });

  it("place offer", async () => {
    const email = await renderPlaceOfferEmail({
      firstName: payload,
      retreatName: payload,
      startDate: "2030-05-10",
      endDate: "2030-05-19",
      people: 2,
      offerUrl: payload,
      expiresAt: at,
    });
    expectSafe(email, "place offer");
  });

  it("interview booking link, with the interviewer's name typed by staff", async () => {
    const email = await renderBookingLinkEmail({
      firstName: payload,
      duration: 20,
      interviewerName: payload,
      bookingUrl: payload,
      expiresAt: at,
    });
    expectSafe(email, "booking link");
  });

  it.each(["scheduled", "rescheduled", "cancelled"] as const)("interview %s", async (kind) => {
    const email = await renderInterviewEmail(kind, {
      firstName: payload,
      scheduledAt: at,
      duration: 20,
      meetingUrl: payload,
    });
    expectSafe(email, kind);
  });
});

describe("campaign messages", () => {
  const context = { publicUrl: "https://retreat.example", retreatName: payload, retreatDates: payload };
  const recipient = { email: payload, firstName: payload, lastName: payload, unsubscribeToken: "tok" };
  const prepare = (content: string, subject = "News for {{ firstName }}"): PreparedCampaign => ({
    id: "00000000-0000-4000-8000-000000000001",
    text: marketingEmail({ subject, content }),
    context,
    from: { name: "Retreat HQ", address: "hello@retreat.example" },
    replyTo: null,
    publicUrl: context.publicUrl,
  });

  it("escapes the subscriber's name and email and the retreat's name in subject, body and footer", async () => {
    const names = Object.keys(marketingData(recipient, context)).filter((n) => n !== "publicUrl");
    const campaign = prepare(
      names.map((n) => `**${n}**: {{ ${n} }}`).join("\n\n"),
      "{{ firstName }} {{ lastName }} {{ retreatName }}",
    );
    const email = await renderForRecipient(campaign, recipient);
    expectSafe(email, "campaign");
    const mail = campaignMail(campaign, { address: "a@example.com", name: payload, unsubscribeToken: "tok" }, email);
    expect(String(mail.subject)).not.toMatch(/[\r\n]/);
    expect(mail.html).toBe(email.html);
  });

  /** What a campaign author (staff) might paste: Markdown and HTML that try to run script. */
  const hostileContent = [
    "[md link](javascript:alert(1))",
    "[md link upper](JaVaScRiPt:alert(1))",
    "[md link entity](jav&#x09;ascript:alert(1))",
    "[md data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "[ref link][evil]",
    "<javascript:alert(1)>",
    "![img](javascript:alert(1))",
    '<a href="javascript:alert(1)">html link</a>',
    '<a href=" javascript:alert(1)">spaced link</a>',
    '<img src="x" onerror="window.__xss=1">',
    '<svg onload="alert(1)"></svg>',
    '<iframe src="https://evil.example"></iframe>',
    "<script>alert(1)</script>",
    '<p style="background:url(javascript:alert(1))" onclick="alert(1)">styled</p>',
    '<form action="https://evil.example"><input name="x"></form>',
    "",
    "[evil]: javascript:alert(1)",
  ].join("\n\n");

  it("drops script links, handlers and active elements written by the author, keeping the text", async () => {
    const email = await renderForRecipient(prepare(hostileContent), { ...recipient, firstName: "Ana", email: "a@b.c" });
    expect(liveMarkupProblems(email.html)).toEqual([]);
    expect(email.html).not.toMatch(/(href|src)="\s*javascript:/i);
    // The words stay: the links lose their targets, the text is kept.
    expect(email.html).toContain("md link</a>");
    expect(email.html).toContain("styled</p>");
  });

  it("does the same for a system message's text edited by staff", async () => {
    const compiled = compileMarkdownEmail({
      subject: "Hi",
      body: hostileContent,
      footer: systemTemplates.waitlist_welcome.footer,
    });
    const email = await renderMarkdownEmail(compiled, hostileSystemData("waitlist_welcome"));
    expect(liveMarkupProblems(email.html)).toEqual([]);
    expect(email.html).not.toMatch(/(href|src)="\s*javascript:/i);
  });
});
