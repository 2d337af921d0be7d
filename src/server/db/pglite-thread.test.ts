import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openThreadedPGlite, type ThreadedPGlite } from "./pglite-thread";

let client: ThreadedPGlite;

beforeAll(async () => {
  client = await openThreadedPGlite({});
  await client.exec(`create table t (id serial primary key, email text unique not null, at timestamptz, doc jsonb);
    create table audit (n int)`);
});
afterAll(async () => {
  await client.close();
});

describe("PGlite on its own thread (decision 026)", () => {
  it("answers queries with parameters, in object and array rows, typed as PGlite types them", async () => {
    const inserted = await client.query(
      "insert into t (email, at, doc) values ($1, $2, $3) returning id, email, at, doc",
      ["a@example.com", "2030-01-02T03:04:05.000Z", { k: [1, "x"] }],
    );
    expect(inserted.affectedRows).toBe(1);
    expect(inserted.rows[0]).toMatchObject({ email: "a@example.com", doc: { k: [1, "x"] } });
    expect((inserted.rows[0] as { at: Date }).at.toISOString()).toBe("2030-01-02T03:04:05.000Z");
    const arrays = await client.query("select email, id from t", [], { rowMode: "array" });
    expect(arrays.rows).toEqual([["a@example.com", 1]]);
    expect(arrays.fields.map((f) => f.name)).toEqual(["email", "id"]);
  });

  it("applies the caller's own parsers (functions stay on this thread) to the engine's text", async () => {
    const { rows } = await client.query("select at, email from t", [], {
      parsers: { 1184: (text: string) => `parsed:${text}` },
    });
    expect(rows).toEqual([{ at: "parsed:2030-01-02 03:04:05+00", email: "a@example.com" }]);
    const arrays = await client.query("select at from t", [], {
      rowMode: "array",
      parsers: { 1184: (v: string) => v },
    });
    expect(arrays.rows).toEqual([["2030-01-02 03:04:05+00"]]);
  });

  it("throws the engine's error with its SQLSTATE and constraint, and stays usable", async () => {
    const failed = client.query("insert into t (email) values ($1)", ["a@example.com"]);
    await expect(failed).rejects.toBeInstanceOf(Error);
    await expect(failed).rejects.toMatchObject({ code: "23505", constraint: "t_email_key" });
    await expect(client.query("select nope from t")).rejects.toMatchObject({ code: "42703" });
    expect((await client.query("select count(*)::int as n from t")).rows).toEqual([{ n: 1 }]);
  });

  it("runs multi-statement scripts and named statements", async () => {
    const results = await client.exec(
      "insert into audit values (1); insert into audit values (2); select sum(n)::int as s from audit",
    );
    expect(results.at(-1)?.rows).toEqual([{ s: 3 }]);
    const named = await client.runNamed("t_by_email", "select id from t where email = $1::text", ["a@example.com"]);
    expect(named.rows).toEqual([{ id: 1 }]);
    await expect(client.runNamed("t_bad", "select nope from t where id = $1::int", [1])).rejects.toMatchObject({
      code: "42703",
    });
  });

  it("commits a transaction's work, and rolls all of it back when the callback throws", async () => {
    const answer = await client.transaction(async (tx) => {
      await tx.query("insert into t (email) values ($1)", ["b@example.com"]);
      return (await tx.query("select count(*)::int as n from t")).rows[0];
    });
    expect(answer).toEqual({ n: 2 });
    await expect(
      client.transaction(async (tx) => {
        await tx.query("insert into t (email) values ($1)", ["c@example.com"]);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await expect(
      client.transaction(async (tx) => {
        await tx.query("insert into t (email) values ($1)", ["d@example.com"]);
        await tx.query("insert into t (email) values ($1)", ["a@example.com"]);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    const { rows } = await client.query("select email from t order by id");
    expect(rows).toEqual([{ email: "a@example.com" }, { email: "b@example.com" }]);
  });

  it("holds other queries back until an open transaction ends, as PGlite's own client does", async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into audit values (10)");
      order.push("tx wrote");
      await held;
      order.push("tx ends");
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = client.query("select count(*)::int as n from audit where n = 10").then((result) => {
      order.push("outside read");
      return result.rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual(["tx wrote"]);
    release();
    await transaction;
    expect(await outside).toEqual([{ n: 1 }]);
    expect(order).toEqual(["tx wrote", "tx ends", "outside read"]);
  });

  it("refuses a parameter that would reach the engine as something else, and stays usable", async () => {
    class Money {
      constructor(readonly pence: number) {}
      toString() {
        return `£${this.pence / 100}`;
      }
    }
    await expect(client.query("select $1::text as v", [new Money(250)])).rejects.toThrow(
      "A Money cannot be sent to the database thread",
    );
    await expect(client.runNamed("t_echo", "select $1::text as v", [new Money(1)])).rejects.toThrow(TypeError);
    await expect(client.query("select $1::text as v", [() => 1])).rejects.toThrow();
    const sent = await client.query("select $1::jsonb as doc, $2::bytea as bytes, $3::timestamptz as at", [
      { nested: [1, { deep: "yes" }] },
      Buffer.from("hi"),
      new Date("2030-01-02T03:04:05.000Z"),
    ]);
    expect(sent.rows[0]).toMatchObject({ doc: { nested: [1, { deep: "yes" }] }, bytes: new Uint8Array([104, 105]) });
    expect((sent.rows[0] as { at: Date }).at.toISOString()).toBe("2030-01-02T03:04:05.000Z");
  });

  it("lets an open transaction finish and commit before a close completes", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rhq-thread-close-"));
    try {
      const db = await openThreadedPGlite({ dataDir: dir });
      await db.exec("create table kept (v text)");
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const transaction = db.transaction(async (tx) => {
        await held;
        await tx.query("insert into kept values ('written during the close')");
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const closing = db.close();
      release();
      await transaction;
      await closing;
      await db.close();
      const again = await openThreadedPGlite({ dataDir: dir });
      expect((await again.query("select v from kept")).rows).toEqual([{ v: "written during the close" }]);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("copies a database's files out and opens the copy in memory", async () => {
    const copy = await openThreadedPGlite({ loadDataDir: await client.dumpDataDir() });
    try {
      expect((await copy.query("select email from t order by id")).rows).toEqual([
        { email: "a@example.com" },
        { email: "b@example.com" },
      ]);
      await copy.query("insert into t (email) values ('only-in-copy@example.com')");
      expect((await client.query("select count(*)::int as n from t")).rows).toEqual([{ n: 2 }]);
    } finally {
      await copy.close();
    }
  });

  it("keeps data on disk across a close and a new open", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rhq-thread-"));
    try {
      const first = await openThreadedPGlite({ dataDir: dir });
      await first.exec("create table kept (v text); insert into kept values ('still here')");
      await first.close();
      const second = await openThreadedPGlite({ dataDir: dir });
      expect((await second.query("select v from kept")).rows).toEqual([{ v: "still here" }]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("does not keep a process alive once nothing waits for an answer (scripts end by themselves)", () => {
    const dir = mkdtempSync(join(tmpdir(), "rhq-thread-script-"));
    const script = join(dir, "script.mts");
    writeFileSync(
      script,
      `import { openThreadedPGlite } from ${JSON.stringify(fileURLToPath(new URL("./pglite-thread.ts", import.meta.url)))};
      const db = await openThreadedPGlite({});
      // A parameter the thread cannot receive is refused, and leaves nothing waiting behind it.
      await db.query("select $1::text", [() => 1]).then(() => console.log("sent a function"), () => {});
      const { rows } = await db.query("select 41 + 1 as n");
      console.log("answer", (rows[0] as { n: number }).n);`,
    );
    const run = spawnSync(process.execPath, ["--import", "tsx", script], { encoding: "utf8", timeout: 20_000 });
    rmSync(dir, { recursive: true, force: true });
    expect(run.stdout).toContain("answer 42");
    expect(run.stdout).not.toContain("sent a function");
    expect(run.status).toBe(0);
  });
});
