/**
 * Test helpers for campaign tests (imported only by *.test.ts): subscribers inserted directly,
 * and polling for a condition the worker brings about.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Db } from "../../db/client";
import { type EmailSubscriber, emailSubscribers } from "../../db/schema";

type SubscriberValues = typeof emailSubscribers.$inferInsert;

/** `count` subscribers named `${prefix}-{i}@example.com`, inserted in chunks with one statement each. */
export async function insertSubscribers(
  db: Db,
  prefix: string,
  count: number,
  values: Partial<SubscriberValues> = {},
): Promise<EmailSubscriber[]> {
  const rows: EmailSubscriber[] = [];
  for (let start = 0; start < count; start += 500) {
    const chunk = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
      email: `${prefix}-${start + i}@example.com`,
      firstName: `First${start + i}`,
      lastName: "Tester",
      segment: "general",
      ...values,
    }));
    rows.push(...(await db.insert(emailSubscribers).values(chunk).returning()));
  }
  return rows;
}

export async function waitFor<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}
