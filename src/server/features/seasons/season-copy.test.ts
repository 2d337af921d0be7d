import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import type { TransactionalTemplate } from "../../../shared/schemas/email-templates";
import type { AdminRetreat } from "../../../shared/schemas/retreats-admin";
import { retreatMessages } from "../../../shared/schemas/retreats-admin";
import type { AdminSiteContent, PublicSite, SiteContent } from "../../../shared/schemas/site-content";
import type { TaskDto, TaskTemplateDto } from "../../../shared/schemas/tasks";
import {
  applications,
  auditLogs,
  bookingTypes,
  budgetItems,
  emailLogs,
  emailTemplates,
  retreats,
  taskTemplates,
} from "../../db/schema";
import { ensureSystemTemplates, systemTemplates } from "../../email/system-templates";
import { insertApplication, insertRetreat, retreatWithRates } from "../../test/builders";
import { withTestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";
import { defaultSiteContent } from "../site-content/default-content";
import { seasonCopyMessages } from "./season-copy.service";

let app: FastifyInstance;
const cookie = {} as Record<"owner" | "staff" | "vendor" | "guest", string>;

withTestApp(async (built) => {
  app = built;
  for (const role of ["owner", "staff", "vendor", "guest"] as const)
    cookie[role] = (await signedInAs(app, role)).cookie;
});

type Method = "GET" | "POST" | "PUT";
function call(method: Method, url: string, who: string | null, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: who ? { cookie: who } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}
const copy = (id: string, payload: unknown, who = cookie.owner) =>
  call("POST", `/api/admin/retreats/${id}/copy`, who, payload);
const dates = { startDate: "2027-06-12", endDate: "2027-06-21" };

async function seededRetreat() {
  const [row] = await app.db.select().from(retreats).where(eq(retreats.name, "Bali Vegan Activism Retreat 2026"));
  return row!;
}
const retreatCount = async () => (await app.db.select({ id: retreats.id }).from(retreats)).length;
const taskTemplatesOf = async (retreatId: string) =>
  (await call("GET", `/api/admin/task-templates?retreatId=${retreatId}`, cookie.staff)).json() as TaskTemplateDto[];
const emailTemplatesOf = async (retreatId?: string) =>
  (
    (
      await call("GET", `/api/admin/email-templates${retreatId ? `?retreatId=${retreatId}` : ""}`, cookie.staff)
    ).json() as {
      items: TransactionalTemplate[];
    }
  ).items;
const siteOf = async (retreatId: string) =>
  (await call("GET", `/api/admin/site?retreatId=${retreatId}`, cookie.staff)).json() as AdminSiteContent;

describe("who may copy a season", () => {
  it("answers 401 to anonymous callers and 403 to staff, vendors and guests, and copies nothing", async () => {
    const source = await seededRetreat();
    const before = await retreatCount();
    expect((await copy(source.id, dates, null as unknown as string)).statusCode).toBe(401);
    for (const role of ["staff", "vendor", "guest"] as const) {
      expect((await copy(source.id, dates, cookie[role])).statusCode, role).toBe(403);
    }
    expect(await retreatCount()).toBe(before);
  });
});

describe("POST /api/admin/retreats/{id}/copy", () => {
  it("copies the season's facts, prices, site draft and templates, and none of what happened in it", async () => {
    const source = await seededRetreat();
    await app.db
      .update(retreats)
      .set({ capacity: 18, location: "Ubud, Bali", timezone: "Asia/Makassar", pricePerPerson: "1997.00" })
      .where(eq(retreats.id, source.id));
    await insertApplication(app, { retreatId: source.id, stage: "accepted" });
    await insertApplication(app, { retreatId: source.id, stage: "waitlist" });
    await app.db.insert(budgetItems).values({ retreatId: source.id, description: "Villa", budgetedAmount: "9000.00" });
    const [globalTask] = await app.db
      .insert(taskTemplates)
      .values({ title: "Book the villa for 2026", description: "Deposit due May 2026", dueOffsetDays: -180 })
      .returning();
    const sourceTypes = await app.db.select().from(bookingTypes).where(eq(bookingTypes.retreatId, source.id));
    // Staff named the season in the welcome (the built-in text names no year).
    await ensureSystemTemplates(app.db);
    await app.db
      .update(emailTemplates)
      .set({
        subject: "You're on the waitlist for Bali 2026",
        body: `# Thank you, {{ firstName }}!\n\nYou're now on our priority waitlist for Bali 2026 updates.\n\nWe'll write as soon as the exact dates in May 2026 are announced.`,
      })
      .where(and(eq(emailTemplates.name, "waitlist_welcome"), isNull(emailTemplates.retreatId)));

    const res = await copy(source.id, dates);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as AdminRetreat;
    expect(created).toMatchObject({
      name: "Bali Vegan Activism Retreat 2027",
      startDate: "2027-06-12",
      endDate: "2027-06-21",
      status: "planning",
      capacity: 18,
      location: "Ubud, Bali",
      timezone: "Asia/Makassar",
      currency: "GBP",
      placesTaken: 0,
      // The published season stays in front of the public until the copy is published.
      isCurrent: false,
    });
    // The season's wording ("May 2026") becomes the new one's, every other 2026 the new year.
    expect(created.description).toBe(
      "A ten-day vegan activism retreat in Bali, June 2027 (exact dates to be announced): community, advocacy training and luxury villa living for at most 15 guests.",
    );
    const [stored] = await app.db.select().from(retreats).where(eq(retreats.id, created.id));
    expect(stored!.pricePerPerson).toBe("1997.00");

    // Booking types: same prices, deposits and features, rows of their own.
    const copiedTypes = await app.db.select().from(bookingTypes).where(eq(bookingTypes.retreatId, created.id));
    const shape = (t: (typeof sourceTypes)[number]) => ({
      name: t.name,
      displayName: t.displayName,
      basePrice: t.basePrice,
      depositAmount: t.depositAmount,
      features: t.features,
      isAddon: t.isAddon,
      isActive: t.isActive,
      priority: t.priority,
      maxOccupancy: t.maxOccupancy,
    });
    expect(copiedTypes.map(shape).sort((a, b) => a.priority - b.priority)).toEqual(
      sourceTypes.map(shape).sort((a, b) => a.priority - b.priority),
    );
    expect(copiedTypes.some((t) => sourceTypes.some((s) => s.id === t.id))).toBe(false);

    // The site: the source's draft for the new year and dates, as a draft nobody sees yet.
    const site = await siteOf(created.id);
    expect(site.published).toBeNull();
    expect(site.draft.hero.title).toBe("Bali Vegan Activism Retreat 2027");
    expect(site.draft.dates).toEqual({ label: "June 2027", detail: "12–21 June 2027" });
    expect(JSON.stringify(site.draft)).not.toContain("2026");
    expect(JSON.stringify(site.draft)).not.toContain("May 2027");
    expect(site.draft.faq).toHaveLength(defaultSiteContent.faq.length);
    const publicSite = (await call("GET", "/api/site-content", null)).json() as PublicSite;
    expect(publicSite.retreatId).toBe(source.id);
    expect(publicSite.content.hero.title).toBe("Bali Vegan Activism Retreat 2026");

    // Task templates: the season's own copies; the default stays as it was.
    const seasonTasks = await taskTemplatesOf(created.id);
    expect(seasonTasks).toEqual([
      expect.objectContaining({
        retreatId: created.id,
        title: "Book the villa for 2027",
        description: "Deposit due June 2027",
        dueOffsetDays: -180,
      }),
    ]);
    const [stillGlobal] = await app.db.select().from(taskTemplates).where(eq(taskTemplates.id, globalTask!.id));
    expect(stillGlobal).toMatchObject({ retreatId: null, title: "Book the villa for 2026" });

    // Email templates: a copy of every product message for the season; the defaults unchanged.
    const seasonEmails = await emailTemplatesOf(created.id);
    expect(seasonEmails).toHaveLength(Object.keys(systemTemplates).length);
    expect(seasonEmails.every((t) => t.retreatId === created.id)).toBe(true);
    const welcome = seasonEmails.find((t) => t.name === "waitlist_welcome")!;
    expect(welcome.subject).toBe("You're on the waitlist for Bali 2027");
    expect(welcome.body).toContain("You're now on our priority waitlist for Bali 2027 updates.");
    expect(welcome.body).toContain("the exact dates in June 2027 are announced");
    const defaults = await emailTemplatesOf();
    expect(defaults.every((t) => t.retreatId === null)).toBe(true);
    expect(defaults.find((t) => t.name === "waitlist_welcome")!.subject).toBe("You're on the waitlist for Bali 2026");

    // Nothing that happened in the season comes along.
    expect(await app.db.select().from(applications).where(eq(applications.retreatId, created.id))).toEqual([]);
    expect(await app.db.select().from(budgetItems).where(eq(budgetItems.retreatId, created.id))).toEqual([]);
    expect(await app.db.select().from(applications).where(eq(applications.retreatId, source.id))).toHaveLength(2);

    // One audit entry says what was copied from where.
    const audits = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "retreat"), eq(auditLogs.entityId, created.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: "copy",
      oldValues: { copiedFrom: { id: source.id, name: "Bali Vegan Activism Retreat 2026" } },
    });
    expect(audits[0]!.newValues).toMatchObject({
      name: "Bali Vegan Activism Retreat 2027",
      startDate: "2027-06-12",
      bookingTypes: ["solo", "couple", "vip"],
      siteContent: "draft",
      taskTemplates: 1,
      emailTemplates: Object.keys(systemTemplates),
    });
    await app.db.delete(taskTemplates).where(eq(taskTemplates.id, globalTask!.id));
  });

  it("copies a season that has its own templates from those, and takes a name when given one", async () => {
    const source = await seededRetreat();
    const first = (await copy(source.id, { startDate: "2027-03-01", endDate: "2027-03-10" })).json() as AdminRetreat;
    // The 2027 season's own texts, edited there.
    await app.db
      .insert(taskTemplates)
      .values({ retreatId: first.id, title: "Season 2027 only: scout a new venue", dueOffsetDays: -90 });
    const declined = (await emailTemplatesOf(first.id)).find((t) => t.name === "stage_declined")!;
    const edit = await call("PUT", `/api/admin/email-templates/${declined.id}`, cookie.staff, {
      subject: "News about {{ retreatName }} (2027)",
      body: declined.body,
      isActive: true,
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const res = await copy(first.id, {
      name: "Lisbon Advocacy Retreat",
      startDate: "2028-09-01",
      endDate: "2028-09-01",
    });
    expect(res.statusCode, res.body).toBe(201);
    const second = res.json() as AdminRetreat;
    expect(second.name).toBe("Lisbon Advocacy Retreat");
    expect((await taskTemplatesOf(second.id)).map((t) => t.title)).toEqual(["Season 2028 only: scout a new venue"]);
    const secondDeclined = (await emailTemplatesOf(second.id)).find((t) => t.name === "stage_declined")!;
    expect(secondDeclined).toMatchObject({ retreatId: second.id, subject: "News about {{ retreatName }} (2028)" });
    expect((await siteOf(second.id)).draft.dates).toEqual({ label: "September 2028", detail: "1 September 2028" });
    // The 2027 season keeps its own.
    expect((await emailTemplatesOf(first.id)).find((t) => t.name === "stage_declined")!.subject).toBe(
      "News about {{ retreatName }} (2027)",
    );
  });

  it("names the copy for the new year: the year in the name replaced, or appended", async () => {
    const plain = await insertRetreat(app, {
      name: "Autumn gathering",
      startDate: "2026-10-01",
      endDate: "2026-10-05",
    });
    const res = await copy(plain.id, { startDate: "2027-10-01", endDate: "2027-10-05" });
    expect(res.json()).toMatchObject({ name: "Autumn gathering 2027", description: null });
  });

  it.each([
    [{ endDate: "2027-06-21" }, "body.startDate", retreatMessages.date],
    [{ startDate: "2027-06-12" }, "body.endDate", retreatMessages.date],
    [{ startDate: "2027-06-12", endDate: "2027-06-11" }, "body.endDate", retreatMessages.endBeforeStart],
    [{ startDate: "2027-02-30", endDate: "2027-03-05" }, "body.startDate", retreatMessages.date],
    [{ ...dates, name: "  " }, "body.name", retreatMessages.nameRequired],
  ])("refuses %j with 400 and a field error, creating nothing", async (body, path, message) => {
    const source = await seededRetreat();
    const before = await retreatCount();
    const res = await copy(source.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
    expect(await retreatCount()).toBe(before);
  });

  it("refuses unknown fields with 400 and an unknown source with 404", async () => {
    const source = await seededRetreat();
    expect((await copy(source.id, { ...dates, status: "open" })).statusCode).toBe(400);
    const missing = await copy("00000000-0000-4000-8000-000000000000", dates);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(retreatMessages.notFound);
  });

  it("refuses a copy whose site text no longer fits with the new dates, and leaves nothing half-made", async () => {
    const { retreat } = await retreatWithRates(app, {
      name: "Crowded words 2026",
      startDate: "2026-05-10",
      endDate: "2026-05-19",
    });
    const content: SiteContent = structuredClone(defaultSiteContent);
    content.hero.title = "May 2026 ".repeat(22).trim();
    const saved = await call("PUT", "/api/admin/site/draft", cookie.staff, { retreatId: retreat.id, content });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = await retreatCount();
    const templatesBefore = await app.db.select({ id: emailTemplates.id }).from(emailTemplates);

    const res = await copy(retreat.id, { startDate: "2027-09-10", endDate: "2027-09-19" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(seasonCopyMessages.siteTooLong);
    expect(await retreatCount()).toBe(before);
    expect(await app.db.select({ id: emailTemplates.id }).from(emailTemplates)).toHaveLength(templatesBefore.length);
  });
});

describe("a season's own templates are the ones it uses", () => {
  it("lists, adds to and applies the season's own task templates; a season without any uses the defaults", async () => {
    const withOwn = await insertRetreat(app, { name: "Own templates", startDate: "2029-05-01" });
    const without = await insertRetreat(app, { name: "Defaults only", startDate: "2029-08-01" });
    const [own] = await app.db
      .insert(taskTemplates)
      .values({ retreatId: withOwn.id, title: "Own: book speakers", dueOffsetDays: -60 })
      .returning();
    const [global] = await app.db
      .insert(taskTemplates)
      .values({ title: "Default: insurance", dueOffsetDays: -30 })
      .returning();

    expect((await taskTemplatesOf(withOwn.id)).map((t) => t.id)).toEqual([own!.id]);
    expect((await taskTemplatesOf(without.id)).map((t) => t.id)).toContain(global!.id);
    expect((await taskTemplatesOf(without.id)).every((t) => t.retreatId === null)).toBe(true);

    // Added from a season with its own list: it joins that list, not the defaults.
    const added = await call("POST", "/api/admin/task-templates", cookie.staff, {
      title: "Own: print programmes",
      dueOffsetDays: -7,
      retreatId: withOwn.id,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ retreatId: withOwn.id });
    expect((await taskTemplatesOf(without.id)).map((t) => t.title)).not.toContain("Own: print programmes");

    const applied = await call("POST", "/api/admin/task-templates/apply", cookie.staff, { retreatId: withOwn.id });
    expect(applied.json()).toEqual({ created: 2, skipped: 0, dated: true });
    const tasks = (await call("GET", `/api/admin/tasks?retreatId=${withOwn.id}`, cookie.staff)).json() as TaskDto[];
    expect(tasks.map((t) => t.title).sort()).toEqual(["Own: book speakers", "Own: print programmes"]);

    const appliedDefaults = await call("POST", "/api/admin/task-templates/apply", cookie.staff, {
      retreatId: without.id,
    });
    const defaultTasks = (
      await call("GET", `/api/admin/tasks?retreatId=${without.id}`, cookie.staff)
    ).json() as TaskDto[];
    expect(defaultTasks.map((t) => t.title)).toContain("Default: insurance");
    expect(defaultTasks.map((t) => t.title)).not.toContain("Own: book speakers");
    expect(appliedDefaults.statusCode).toBe(200);
    expect(
      (await call("GET", "/api/admin/task-templates?retreatId=00000000-0000-4000-8000-000000000000", cookie.staff))
        .statusCode,
    ).toBe(404);
    await app.db.delete(taskTemplates).where(isNull(taskTemplates.retreatId));
  });

  it("editing a season's copy of an email changes that season's email only", async () => {
    const source = await seededRetreat();
    const season = (await copy(source.id, { startDate: "2030-06-01", endDate: "2030-06-10" })).json() as AdminRetreat;
    const copyOfDeclined = (await emailTemplatesOf(season.id)).find((t) => t.name === "stage_declined")!;
    const saved = await call("PUT", `/api/admin/email-templates/${copyOfDeclined.id}`, cookie.staff, {
      subject: "A note from the 2030 team, {{ firstName }}",
      body: "Thank you, {{ firstName }}. We kept your details for {{ retreatName }}.",
      isActive: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ retreatId: season.id, isDefault: false });

    const decline = async (retreatId: string, email: string) => {
      const row = await insertApplication(app, { retreatId, stage: "interview", email, firstName: "Noor" });
      const res = await call("POST", `/api/admin/applications/${row.id}/escalate/declined`, cookie.staff, {});
      expect(res.statusCode, res.body).toBe(200);
      const [log] = await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, email));
      return log!;
    };
    const inSeason = await decline(season.id, "noor-2030@example.com");
    expect(inSeason.subject).toBe("A note from the 2030 team, Noor");
    expect(inSeason.textBody).toContain("We kept your details for Bali Vegan Activism Retreat 2030.");
    const elsewhere = await decline(source.id, "noor-2026@example.com");
    expect(elsewhere.subject).toBe("About your application for Bali Vegan Activism Retreat 2026");
    // The default row was not touched by the season's edit.
    const [defaultRow] = await app.db
      .select()
      .from(emailTemplates)
      .where(and(eq(emailTemplates.name, "stage_declined"), isNull(emailTemplates.retreatId)));
    expect(defaultRow!.subject).toBe(systemTemplates.stage_declined.subject);

    // Switched off in the season only: that season's decline goes unannounced, others still get theirs.
    await call("PUT", `/api/admin/email-templates/${copyOfDeclined.id}`, cookie.staff, {
      subject: "x",
      body: "y",
      isActive: false,
    });
    const quiet = await insertApplication(app, {
      retreatId: season.id,
      stage: "interview",
      email: "quiet@example.com",
    });
    const res = await call("POST", `/api/admin/applications/${quiet.id}/escalate/declined`, cookie.staff, {});
    expect(res.json()).toMatchObject({ notified: false });
  });
});
