import { describe, expect, it } from "vitest";
import { compileMarkdownEmail, renderMarkdownEmail } from "./markdown-email";
import type { RenderedEmail } from "./render";
import { printedAsIs, slottedRenderer } from "./slotted-render";
import {
  recipientSlots,
  renderDefaultSystemEmail,
  renderSystemTemplate,
  type SystemTemplateData,
  systemTemplates,
} from "./system-templates";

const publicUrl = "https://retreat.example.com";
const preferencesStart = `${publicUrl}/email/preferences/`;
const token = () => Array.from({ length: 64 }, () => "0123456789abcdef"[Math.floor(Math.random() * 16)]).join("");

/** Names as people type them: every script, hyphens, initials, and what must not be taken apart. */
const names = [
  "Ada",
  "Ada Lovelace",
  "Anne-Marie",
  "J. R. R. Tolkien",
  "José Ñúñez",
  "Zoë",
  "Łukasz",
  "Ngọc Ánh",
  "محمد",
  "李小龙",
  "Σωκράτης",
  "e\u0301mile",
  "x_y",
  "42",
  "O'Brien",
  "Ada  Lovelace",
  " Ada",
  "Ada ",
  "Ada\u00a0Lovelace",
  "<script>alert(1)</script>",
  "Tom & Jerry",
  '"Quoted"',
  "*bold* _em_",
  "[link](javascript:alert(1))",
  "{{ publicUrl }}",
  "{% if true %}x{% endif %}",
  "&amp;lt;",
  "QzJqzQ",
  "XkWvwWvwkX",
  "QzJqJqzQ",
  "Ada\u202eevil",
  "😀 Emoji",
];

async function expectSameAsFullRender<K extends "waitlist_welcome" | "application_received">(
  key: K,
  data: SystemTemplateData[K],
) {
  // The built-in text of a form confirmation: filled in (system-templates.ts's recipientSlots).
  const slotted = await renderSystemTemplate(key, null, data);
  const full = await renderDefaultSystemEmail(key, data);
  expect(slotted).toEqual(full);
}

describe("slotted rendering of the built-in form confirmations", () => {
  it("gives exactly the full render's subject, HTML and text for every kind of name", async () => {
    for (const name of names) {
      await expectSameAsFullRender("waitlist_welcome", {
        firstName: name,
        applyUrl: `${publicUrl}/#apply`,
        publicUrl,
        preferencesUrl: preferencesStart + token(),
      });
      for (const partnerName of ["", "Charles Babbage", name]) {
        await expectSameAsFullRender("application_received", {
          firstName: name,
          applicantName: `${name} Lovelace`,
          partnerName,
          retreatName: "Bali Vegan Activism Retreat",
          publicUrl,
          preferencesUrl: preferencesStart + token(),
        });
      }
    }
  });

  it("fills in random safe names and tokens the same as a full render", async () => {
    const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéøßДжλ中文0123456789.-_";
    const word = () =>
      Array.from(
        { length: 1 + Math.floor(Math.random() * 8) },
        () => alphabet[Math.floor(Math.random() * alphabet.length)],
      ).join("");
    for (let i = 0; i < 200; i++) {
      const name = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, word).join(" ");
      await expectSameAsFullRender("waitlist_welcome", {
        firstName: name,
        applyUrl: `${publicUrl}/#apply`,
        publicUrl,
        preferencesUrl: preferencesStart + token(),
      });
    }
  });

  it("keeps sites and retreats apart: what is not a slot picks its own rendering", async () => {
    for (const site of ["https://a.example", "https://b.example"]) {
      for (const retreatName of ["Bali 2027", "Lisbon <Spring>"]) {
        await expectSameAsFullRender("application_received", {
          firstName: "Ada",
          applicantName: "Ada Lovelace",
          partnerName: "",
          retreatName,
          publicUrl: site,
          preferencesUrl: `${site}/email/preferences/${token()}`,
        });
      }
    }
  });
});

function countingRenderer(parts: { subject: string; body: string; footer: string }) {
  const compiled = compileMarkdownEmail(parts);
  let renders = 0;
  const render = (data: Record<string, unknown>): Promise<RenderedEmail> => {
    renders++;
    return renderMarkdownEmail(compiled, data);
  };
  return { render, renders: () => renders, compiled, sources: [parts.subject, parts.body, parts.footer] };
}

describe("slottedRenderer", () => {
  const parts = {
    subject: "Hi {{ name }}",
    body: "# Hello {{ name }}\n\nSee {{ link }}.",
    footer: "<p>{{ site }}</p>",
  };

  it("renders a shape once, then fills each recipient in without rendering", async () => {
    const counter = countingRenderer(parts);
    const renderSlotted = slottedRenderer(counter.render, counter.sources);
    const slots = { name: "", link: "https://x.test/t/" };
    await renderSlotted({ name: "Ada", link: "https://x.test/t/abc", site: "x.test" }, slots);
    const afterFirst = counter.renders();
    expect(afterFirst).toBe(2); // the two sets of stand-ins
    const email = await renderSlotted({ name: "Grace Hopper", link: "https://x.test/t/def", site: "x.test" }, slots);
    expect(counter.renders()).toBe(afterFirst);
    expect(email).toEqual(
      await renderMarkdownEmail(counter.compiled, {
        name: "Grace Hopper",
        link: "https://x.test/t/def",
        site: "x.test",
      }),
    );
    // Another site is another shape.
    await renderSlotted({ name: "Ada", link: "https://x.test/t/abc", site: "y.test" }, slots);
    expect(counter.renders()).toBe(afterFirst + 2);
  });

  it("renders in full, without caching, a value whose characters could read differently in some part", async () => {
    const counter = countingRenderer(parts);
    const renderSlotted = slottedRenderer(counter.render, counter.sources);
    const slots = { name: "", link: "https://x.test/t/" };
    await renderSlotted({ name: "Ada", link: "https://x.test/t/abc", site: "x.test" }, slots);
    const before = counter.renders();
    for (const name of ["O'Brien", "<b>x</b>", "a  b", "a&b"]) {
      const data = { name, link: "https://x.test/t/abc", site: "x.test" };
      expect(await renderSlotted(data, slots)).toEqual(await renderMarkdownEmail(counter.compiled, data));
    }
    expect(counter.renders()).toBe(before + 4);
    // A link that does not start as the slot says (another scheme) is rendered in full too.
    const data = { name: "Ada", link: "javascript:alert(1)", site: "x.test" };
    expect(await renderSlotted(data, slots)).toEqual(await renderMarkdownEmail(counter.compiled, data));
    expect(counter.renders()).toBe(before + 5);
  });

  it("puts a value in as typed even when it is another slot's stand-in word", async () => {
    const counter = countingRenderer(parts);
    const renderSlotted = slottedRenderer(counter.render, counter.sources);
    const slots = { name: "", link: "https://x.test/t/" };
    const data = { name: "QzJqJqzQ", link: "https://x.test/t/QzJqzQ", site: "x.test" };
    await renderSlotted({ name: "Ada", link: "https://x.test/t/abc", site: "x.test" }, slots);
    expect(await renderSlotted(data, slots)).toEqual(await renderMarkdownEmail(counter.compiled, data));
  });

  it("refuses to slot a text that transforms or tests a slot, and renders each message in full", async () => {
    const names = [
      "Ada",
      "Sara",
      "Steve",
      "Ana Maria Lopez",
      "a".repeat(60),
      "Anne-Marie",
      "ada lovelace",
      "Grace",
      "Ab",
    ];
    for (const body of [
      "Hello {{ name | upcase }}",
      "Hello {{ name | downcase }}",
      "Hello {{ name | capitalize }}",
      "Hello {{ name | truncate: 4 }}",
      "Hello {{ name | truncatewords: 2 }}",
      "Hello {{ name | size }}",
      "Hello {{ name | url_encode }}",
      '{{ name | remove: "e" }}',
      '{{ name | replace: "-", "" }}',
      "{% if name.size > 10 %}long{% else %}short{% endif %} {{ name }}",
      "{% if name.size > 40 %}long{% endif %} {{ name }}",
      '{% if name == "Ada" %}Hi admin{% else %}Hello{% endif %} {{ name }}',
      '{% if name contains "a" %}A!{% endif %} {{ name }}',
      "{% if name == other %}same{% endif %} {{ name }} {{ other }}",
      "{{ name | slice: 0 }}. {{ name }}",
      "{% assign shout = name | upcase %}{{ shout }}",
      "{% capture c %}{{ name }}{% endcapture %}{{ c | upcase }}",
      "{% for letter in name %}{{ letter }}{% endfor %}",
    ]) {
      const counter = countingRenderer({ subject: "Hi", body, footer: "" });
      const renderSlotted = slottedRenderer(counter.render, counter.sources);
      for (const name of names) {
        const data = { name, other: "Ada" };
        expect(await renderSlotted(data, { name: "", other: "" }), `${body} / ${name}`).toEqual(
          await renderMarkdownEmail(counter.compiled, data),
        );
      }
      // Refused by reading the text: no stand-in renders, every message in full.
      expect(counter.renders(), body).toBe(names.length);
    }
  });

  it("reads which uses of a slot fill in as the stand-in renders", () => {
    const uses = (source: string) => printedAsIs([source], "name");
    for (const source of [
      "{{ name }}",
      "{{- name -}}",
      '{% if name != "" %}x{% endif %}',
      "{%- unless name == '' -%}x{% endunless %}",
      "{{ names }} {{ nickname }} {{ surname | upcase }}",
    ]) {
      expect(uses(source), source).toBe(true);
    }
    for (const source of [
      "{{ name | upcase }}",
      "{{ name.size }}",
      '{% if name == "Ada" %}{% endif %}',
      "{% if name %}{% endif %}",
      "{% assign x = name %}",
      '{{ ["name"] }}',
      "{% echo name %}",
      "{% capture c %}{{ other }}{% endcapture %}",
      "{% liquid echo other %}",
    ]) {
      expect(uses(source), source).toBe(false);
    }
  });

  it("fills in the built-in form confirmations: each has its recipients' slots, every one used as is", () => {
    const data = { publicUrl } as never;
    for (const key of ["waitlist_welcome", "application_received"] as const) {
      const slots = recipientSlots[key]?.(data);
      expect(slots, key).toBeDefined();
      expect(Object.keys(slots!)).toEqual(
        expect.arrayContaining(
          key === "waitlist_welcome"
            ? ["firstName", "preferencesUrl"]
            : ["firstName", "applicantName", "partnerName", "preferencesUrl"],
        ),
      );
      expect(slots!.preferencesUrl).toBe(preferencesStart);
      const { subject, body, footer } = systemTemplates[key];
      for (const name of Object.keys(slots!))
        expect(printedAsIs([subject, body, footer], name), `${key} ${name}`).toBe(true);
    }
  });

  it("does not keep a failed rendering: the message fails as a full render would, the next one tries again", async () => {
    let fail = true;
    const compiled = compileMarkdownEmail(parts);
    const renderSlotted = slottedRenderer(
      (data) => {
        if (fail) return Promise.reject(new Error("render failed"));
        return renderMarkdownEmail(compiled, data);
      },
      [parts.subject, parts.body, parts.footer],
    );
    const data = { name: "Ada", link: "https://x.test/t/abc", site: "x.test" };
    const slots = { name: "", link: "https://x.test/t/" };
    await expect(renderSlotted(data, slots)).rejects.toThrow("render failed");
    fail = false;
    expect(await renderSlotted(data, slots)).toEqual(await renderMarkdownEmail(compiled, data));
  });
});
