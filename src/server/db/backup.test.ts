import { spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "../demo/seed-demo";
import { defaultSiteContent } from "../features/site-content/default-content";
import { ensureSiteContent } from "../features/site-content/site-content.service";
import { backupCliConfig, backupPglite, postgresBackupInstructions, restorePglite } from "./backup";
import { migrationsApplied, openDatabase } from "./client";
import { DataDirLockedError } from "./data-dir-lock";
import { applications, emailSubscribers, photos, photoVariants, retreats, siteContent } from "./schema";

const root = mkdtempSync(join(tmpdir(), "backup-test-"));
const sourceDir = join(root, "source");
const backupFile = join(root, "backups", "round-trip.tar.gz");
const secret = "a".repeat(64);

async function readRows(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const apps = await database.db
      .select({ id: applications.id, email: applications.email })
      .from(applications)
      .orderBy(asc(applications.id));
    const subscribers = await database.db
      .select({ email: emailSubscribers.email, token: emailSubscribers.unsubscribeToken })
      .from(emailSubscribers)
      .orderBy(asc(emailSubscribers.email));
    const site = await database.db
      .select({ retreatId: siteContent.retreatId, draft: siteContent.draft, published: siteContent.published })
      .from(siteContent)
      .orderBy(asc(siteContent.retreatId));
    // Uploaded photos live in the database (decision 018): their bytes travel with it.
    const media = await database.db
      .select({ file: photoVariants.file, bytes: photoVariants.bytes, alt: photos.alt })
      .from(photoVariants)
      .innerJoin(photos, eq(photos.id, photoVariants.photoId))
      .orderBy(asc(photoVariants.file));
    return { apps, subscribers, site, media, migrated: await migrationsApplied(database) };
  } finally {
    await database.close();
  }
}

let original: Awaited<ReturnType<typeof readRows>>;

beforeAll(async () => {
  const database = await openDatabase({ dataDir: sourceDir });
  try {
    await database.migrate();
    await seedDemoData(database.db, { applications: 3, subscribers: 4, seed: 7 });
    // The public site's words travel too: a published season with a draft that differs from it.
    const [retreat] = await database.db.select({ id: retreats.id }).from(retreats).limit(1);
    await ensureSiteContent(database.db, retreat!.id, defaultSiteContent, true);
    await database.db
      .update(siteContent)
      .set({ draft: { ...defaultSiteContent, hero: { ...defaultSiteContent.hero, title: "Draft for next year" } } });
    const [photo] = await database.db
      .insert(photos)
      .values({
        role: "hero",
        alt: "The villa at dawn",
        contentType: "image/jpeg",
        hash: "f".repeat(64),
        width: 400,
        height: 300,
      })
      .returning();
    await database.db.insert(photoVariants).values({
      photoId: photo!.id,
      file: `${"f".repeat(64)}-400.webp`,
      format: "webp",
      width: 400,
      height: 300,
      bytes: Buffer.from([0, 1, 2, 250, 251, 252]),
    });
  } finally {
    await database.close();
  }
  // What config.ts generates when SESSION_SECRET is unset.
  writeFileSync(join(sourceDir, "session-secret"), `${secret}\n`, { mode: 0o600 });
  original = await readRows(sourceDir);
  await backupPglite({ dataDir: sourceDir, file: backupFile });
}, 60_000);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe("embedded database backup and restore", () => {
  it("round-trips the rows and the session secret into a new DATA_DIR", async () => {
    expect(original.apps.length).toBeGreaterThanOrEqual(3);
    expect(original.subscribers.length).toBeGreaterThanOrEqual(4);
    expect(original.site).toHaveLength(1);
    expect(original.media).toHaveLength(1);
    expect(original.media[0]!.bytes).toEqual(Buffer.from([0, 1, 2, 250, 251, 252]));
    expect(original.site[0]!.draft).toMatchObject({ hero: { title: "Draft for next year" } });
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);

    const target = join(root, "restored");
    const result = await restorePglite({ dataDir: target, file: backupFile });
    expect(result.movedAsideTo).toBeUndefined();
    expect(result.secrets).toEqual(["session-secret"]);
    expect(readFileSync(join(target, "session-secret"), "utf8")).toBe(`${secret}\n`);
    expect(statSync(join(target, "session-secret")).mode & 0o777).toBe(0o600);
    expect(existsSync(join(target, "pglite.lock"))).toBe(false);

    const restored = await readRows(target);
    expect(restored).toEqual(original);
    expect(restored.migrated).toBe(true);
  }, 30_000);

  it("reads its configuration without writing generated secrets into an empty DATA_DIR (restore needs it empty)", () => {
    const target = join(root, "fresh-for-config");
    mkdirSync(target);
    const config = backupCliConfig({ DATA_DIR: target });
    expect(config.dataDir).toBe(target);
    expect(readdirSync(target)).toEqual([]);
  });

  it("refuses a non-empty DATA_DIR unless forced, and then keeps the old contents aside", async () => {
    const target = join(root, "occupied");
    mkdirSync(target);
    writeFileSync(join(target, "session-secret"), "old-secret\n");
    writeFileSync(join(target, "notes.txt"), "keep me");

    await expect(restorePglite({ dataDir: target, file: backupFile })).rejects.toThrow(/not empty.*--force/s);
    expect(readdirSync(target).sort()).toEqual(["notes.txt", "session-secret"]);

    const result = await restorePglite({ dataDir: target, file: backupFile, force: true });
    expect(result.movedAsideTo).toMatch(/occupied\.before-restore-\d{8}T\d{6}Z$/);
    const aside = result.movedAsideTo as string;
    expect(readFileSync(join(aside, "notes.txt"), "utf8")).toBe("keep me");
    expect(readFileSync(join(aside, "session-secret"), "utf8")).toBe("old-secret\n");
    expect(readFileSync(join(target, "session-secret"), "utf8")).toBe(`${secret}\n`);
    expect(existsSync(join(target, "notes.txt"))).toBe(false);
    expect((await readRows(target)).apps).toEqual(original.apps);
  }, 30_000);

  it("refuses to back up or restore while another live process holds the data directory", async () => {
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 20000)"]);
    try {
      await new Promise((resolve) => child.once("spawn", resolve));
      writeFileSync(join(sourceDir, "pglite.lock"), String(child.pid));
      const file = join(root, "backups", "while-locked.tar.gz");
      await expect(backupPglite({ dataDir: sourceDir, file })).rejects.toThrow(DataDirLockedError);
      expect(existsSync(file)).toBe(false);
      await expect(restorePglite({ dataDir: sourceDir, file: backupFile, force: true })).rejects.toThrow(
        DataDirLockedError,
      );
      expect(existsSync(join(sourceDir, "pglite", "PG_VERSION"))).toBe(true);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("refuses files that are not backups and folders without a database", async () => {
    const bogus = join(root, "bogus.tar.gz");
    writeFileSync(bogus, "not a backup");
    await expect(restorePglite({ dataDir: join(root, "bogus-target"), file: bogus })).rejects.toThrow(/Not a backup/);
    const empty = join(root, "empty");
    mkdirSync(empty);
    await expect(backupPglite({ dataDir: empty, file: join(root, "x.tar.gz") })).rejects.toThrow(
      /no embedded database/,
    );
  });

  it("prints pg_dump commands for PostgreSQL without echoing the connection string", () => {
    const text = postgresBackupInstructions("backups/x.dump");
    expect(text).toContain('pg_dump --format=custom --no-owner --file=backups/x.dump "$DATABASE_URL"');
    expect(text).toContain("pg_restore");
  });
});
