import { inArray, sql } from "drizzle-orm";
import { type AppSettings, appSettingsSchema, settingsDefaults } from "../../../shared/schemas/settings";
import type { Db } from "../../db/client";
import { settings } from "../../db/schema";
import { type Actor, recordAudit } from "../audit/audit.service";

/** Each setting is one row in `settings`, keyed by name; values are text with a declared type. */
const definitions = {
  currency: { type: "string", description: "Currency for prices and finance (GBP or EUR)" },
  defaultCapacity: { type: "number", description: "Default capacity of a new retreat" },
  defaultLocation: { type: "string", description: "Default location of a new retreat" },
} as const satisfies Record<keyof AppSettings, { type: string; description: string }>;

const keys = Object.keys(definitions) as (keyof AppSettings)[];
const category = "general";

function parseValue(key: keyof AppSettings, value: string | null): unknown {
  if (value === null) return undefined;
  return definitions[key].type === "number" ? Number(value) : value;
}

/** The stored settings, with the spec's defaults for any not saved yet or no longer valid. */
export async function getSettings(db: Db): Promise<AppSettings> {
  const rows = await db.select().from(settings).where(inArray(settings.key, keys));
  const result: Record<string, unknown> = { ...settingsDefaults };
  for (const row of rows) {
    const key = row.key as keyof AppSettings;
    const parsed = appSettingsSchema.shape[key].safeParse(parseValue(key, row.value));
    // A row edited by hand into nonsense falls back to the default rather than breaking the tab.
    if (parsed.success) result[key] = parsed.data;
  }
  return result as AppSettings;
}

export async function saveSettings(db: Db, next: AppSettings, actor: Actor): Promise<AppSettings> {
  return db.transaction(async (tx) => {
    const before = await getSettings(tx);
    await tx
      .insert(settings)
      .values(
        keys.map((key) => ({
          key,
          value: String(next[key]),
          type: definitions[key].type,
          category,
          description: definitions[key].description,
        })),
      )
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: sql`excluded.value`, type: sql`excluded.type`, updatedAt: new Date() },
      });
    const changed = keys.filter((key) => before[key] !== next[key]);
    if (changed.length > 0) {
      await recordAudit(tx, {
        ...actor,
        action: "update",
        entityType: "settings",
        entityId: category,
        oldValues: Object.fromEntries(changed.map((k) => [k, before[k]])),
        newValues: Object.fromEntries(changed.map((k) => [k, next[k]])),
      });
    }
    return next;
  });
}
