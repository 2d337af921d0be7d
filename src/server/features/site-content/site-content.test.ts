import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import {
  type AdminSiteContent,
  markdownNestingLimit,
  type PublicSite,
  type SiteContent,
  siteContentLimits,
} from "../../../shared/schemas/site-content";
import { auditLogs, retreats, siteContent } from "../../db/schema";
import { withTestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";
import { defaultSiteContent } from "./default-content";
import { siteMessages } from "./site-content.service";

let app: FastifyInstance;
const cookie = {} as Record<"owner" | "staff" | "vendor" | "guest", string>;

withTestApp(async (built) => {
  app = built;
  for (const role of ["owner", "staff", "vendor", "guest"] as const)
    cookie[role] = (await signedInAs(app, role)).cookie;
});

function call(method: "GET" | "PUT" | "POST", url: string, who: string | null, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: who ? { cookie: who } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

const publicSite = async () => (await call("GET", "/api/site-content", null)).json() as PublicSite;
const adminSite = async () => (await call("GET", "/api/admin/site", cookie.staff)).json() as AdminSiteContent;
const edited = (change: (content: SiteContent) => void): SiteContent => {
  const copy = structuredClone(defaultSiteContent);
  change(copy);
  return copy;
};

describe("site content", () => {
  it("serves the first season's spec texts, published, to anyone", async () => {
    const site = await publicSite();
    expect(site.content.hero.title).toBe("Bali Vegan Activism Retreat 2026");
    expect(site.seasonYear).toBe(2026);
    expect(site.content.faq).toHaveLength(defaultSiteContent.faq.length);
    // Markdown arrives as HTML; the team's private email field never reaches the public.
    expect(site.content.about.bodyHtml).toMatch(/^<p>Bali is one of/);
    expect(JSON.stringify(site.content.team)).not.toContain('"email"');
    const admin = await adminSite();
    expect(admin.published).toEqual(defaultSiteContent);
    expect(admin.hasUnpublishedChanges).toBe(false);
  });

  it("lets staff save a draft the public does not see until the owner publishes it", async () => {
    const { retreatId } = await adminSite();
    const content = edited((c) => {
      c.hero.title = "A new title";
      c.faq.push({ question: "Is there wifi?", answer: "Yes, **fast** wifi." });
    });
    const saved = await call("PUT", "/api/admin/site/draft", cookie.staff, { retreatId, content });
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as AdminSiteContent).hasUnpublishedChanges).toBe(true);
    expect((await publicSite()).content.hero.title).toBe("Bali Vegan Activism Retreat 2026");

    const byStaff = await call("POST", "/api/admin/site/publish", cookie.staff, { retreatId });
    expect(byStaff.statusCode).toBe(403);
    const byOwner = await call("POST", "/api/admin/site/publish", cookie.owner, { retreatId });
    expect(byOwner.statusCode).toBe(200);
    const site = await publicSite();
    expect(site.content.hero.title).toBe("A new title");
    expect(site.content.faq.at(-1)).toEqual({
      question: "Is there wifi?",
      answerHtml: "<p>Yes, <strong>fast</strong> wifi.</p>",
    });

    const audits = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "site_content"), eq(auditLogs.entityId, retreatId)));
    expect(audits.map((a) => a.action).sort()).toEqual(["publish", "update"]);

    // Put the first season back for the other tests.
    await call("PUT", "/api/admin/site/draft", cookie.staff, { retreatId, content: defaultSiteContent });
    await call("POST", "/api/admin/site/publish", cookie.owner, { retreatId });
  });

  it("turns staff Markdown into safe HTML only", async () => {
    const { retreatId } = await adminSite();
    const content = edited((c) => {
      c.about.body =
        "Hi <script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)> [ok](https://a.example)";
    });
    await call("PUT", "/api/admin/site/draft", cookie.staff, { retreatId, content });
    const preview = await call("GET", `/api/admin/site?retreatId=${retreatId}`, cookie.staff);
    expect((preview.json() as AdminSiteContent).draft.about.body).toBe(content.about.body);
    await call("POST", "/api/admin/site/publish", cookie.owner, { retreatId });
    const html = (await publicSite()).content.about.bodyHtml;
    expect(html).not.toMatch(/<script|<img|javascript:|onerror=/i);
    expect(html).toContain('<a href="https://a.example" rel="noopener noreferrer">ok</a>');
    expect(html).toContain("&lt;script&gt;");
    await call("PUT", "/api/admin/site/draft", cookie.staff, { retreatId, content: defaultSiteContent });
    await call("POST", "/api/admin/site/publish", cookie.owner, { retreatId });
  });

  it("refuses bad drafts with clear messages and saves nothing", async () => {
    const { retreatId, updatedAt } = await adminSite();
    const noDays = await call("PUT", "/api/admin/site/draft", cookie.staff, {
      retreatId,
      content: edited((c) => {
        c.schedule = [];
      }),
    });
    expect(noDays.statusCode).toBe(400);
    expect(noDays.body).toContain("Add at least one day");
    const huge = await call("PUT", "/api/admin/site/draft", cookie.staff, {
      retreatId,
      content: edited((c) => {
        c.hero.lead = "x".repeat(1001);
      }),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.body).toContain("The hero lead must be at most 1000 characters");
    const unknownField = await call("PUT", "/api/admin/site/draft", cookie.staff, {
      retreatId,
      content: { ...defaultSiteContent, extra: 1 },
    });
    expect(unknownField.statusCode).toBe(400);
    const badLink = await call("PUT", "/api/admin/site/draft", cookie.staff, {
      retreatId,
      content: edited((c) => {
        c.contact.social = [{ network: "Instagram", href: "javascript:alert(1)" }];
      }),
    });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.body).toContain("A link must start with https://");
    expect((await adminSite()).updatedAt).toBe(updatedAt);
  });

  it("refuses Markdown nested past the limit in every Markdown field, and takes nesting up to it", async () => {
    const { retreatId, updatedAt } = await adminSite();
    // Each exhausted the Markdown parser's stack at a few hundred levels (a 500 on the preview,
    // and once published, on every public read of the site's words).
    const tooDeep = [
      ">".repeat(siteContentLimits.markdown),
      "> ".repeat(2000),
      "1. ".repeat(1500),
      "+ ".repeat(2000),
      "- > ".repeat(1000),
      `Fine first line\n\n${"*\t".repeat(markdownNestingLimit + 1)}deep`,
    ];
    const fields: [string, (c: SiteContent, text: string) => void][] = [
      ["The about text", (c, text) => (c.about.body = text)],
      ["An answer", (c, text) => (c.faq[0]!.answer = text)],
      ["A team member's bio", (c, text) => (c.team = [{ ...c.team[0]!, bio: text }])],
    ];
    for (const text of tooDeep) {
      for (const [label, put] of fields) {
        const res = await call("PUT", "/api/admin/site/draft", cookie.staff, {
          retreatId,
          content: edited((c) => put(c, text)),
        });
        expect(res.statusCode, `${label}: ${text.slice(0, 20)}`).toBe(400);
        expect(res.json().message).toBe(`${label} nests quotes or lists more than ${markdownNestingLimit} levels deep`);
      }
    }
    expect((await adminSite()).updatedAt).toBe(updatedAt);

    const deepest = `${"> ".repeat(markdownNestingLimit - 2)}- 1. inside`;
    const saved = await call("PUT", "/api/admin/site/draft", cookie.staff, {
      retreatId,
      content: edited((c) => (c.about.body = deepest)),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await call("PUT", "/api/admin/site/draft", cookie.staff, { retreatId, content: defaultSiteContent });
  });

  it("keeps serving the site's words when a stored text cannot be parsed, and parses each content once", async () => {
    const { retreatId } = await adminSite();
    // Saved before the nesting rule: read back, it no longer fits the schema.
    await app.db
      .update(siteContent)
      .set({ published: edited((c) => (c.faq[0]!.answer = ">".repeat(siteContentLimits.markdown))) })
      .where(eq(siteContent.retreatId, retreatId));
    const read = await call("GET", "/api/site-content", null);
    expect(read.statusCode, read.body).toBe(200);

    // The slowest Markdown the schema takes, in every Markdown field (about a second of parsing).
    const slow = "__a".repeat(siteContentLimits.markdown / 3);
    const content = edited((c) => {
      c.about.body = slow;
      c.faq = Array.from({ length: siteContentLimits.faq }, (_, i) => ({ question: `Q${i}`, answer: slow }));
      c.team = Array.from({ length: siteContentLimits.team }, (_, i) => ({ ...c.team[0]!, name: `N${i}`, bio: slow }));
    });
    expect((await call("PUT", "/api/admin/site/draft", cookie.staff, { retreatId, content })).statusCode).toBe(200);
    expect((await call("POST", "/api/admin/site/publish", cookie.owner, { retreatId })).statusCode).toBe(200);
    const timed = async () => {
      const started = performance.now();
      const res = await call("GET", "/api/site-content", null);
      expect(res.statusCode).toBe(200);
      return performance.now() - started;
    };
    const first = await timed();
    const later = Math.max(await timed(), await timed(), await timed());
    // Parsed again on every read, each would take as long as the first.
    expect(later, `first read ${first} ms, later reads up to ${later} ms`).toBeLessThan(first / 4);

    await call("PUT", "/api/admin/site/draft", cookie.staff, { retreatId, content: defaultSiteContent });
    await call("POST", "/api/admin/site/publish", cookie.owner, { retreatId });
  }, 60_000);

  it("keeps vendors, guests and strangers out of drafts", async () => {
    for (const who of [cookie.vendor, cookie.guest, null]) {
      expect((await call("GET", "/api/admin/site", who)).statusCode).toBeGreaterThanOrEqual(401);
    }
    const unknown = await call("GET", "/api/admin/site?retreatId=00000000-0000-4000-8000-000000000000", cookie.staff);
    expect(unknown.statusCode).toBe(404);
  });

  it("publishes only a retreat the public site could show", async () => {
    const [done] = await app.db
      .insert(retreats)
      .values({ name: "Bali 2019", status: "completed" })
      .returning({ id: retreats.id });
    const res = await call("POST", "/api/admin/site/publish", cookie.owner, { retreatId: done!.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(siteMessages.notPublishable);
  });

  it("reads a retreat with no site yet as the default draft without writing a row", async () => {
    const [fresh] = await app.db
      .insert(retreats)
      .values({ name: "Bali 2031", status: "planning" })
      .returning({ id: retreats.id });
    const res = await call("GET", `/api/admin/site?retreatId=${fresh!.id}`, cookie.staff);
    expect(res.statusCode).toBe(200);
    expect((res.json() as AdminSiteContent).draft).toEqual(defaultSiteContent);
    expect((res.json() as AdminSiteContent).published).toBeNull();
    const rows = await app.db.select().from(siteContent).where(eq(siteContent.retreatId, fresh!.id));
    expect(rows).toEqual([]);
  });
});
