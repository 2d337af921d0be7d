import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteNamedStatements } from "./pglite-named-statements";

let client: PGlite;
let runNamed: ReturnType<typeof pgliteNamedStatements>;

beforeAll(async () => {
  client = new PGlite();
  await client.exec(`create table t (id serial primary key, email text unique not null, n int, ok boolean,
    at timestamptz, doc jsonb, tags text[])`);
  runNamed = pgliteNamedStatements(client);
});
afterAll(async () => {
  await client.close();
});

const insert = `insert into t (email, n, ok, at, doc, tags)
  values ($1::text, $2::int, $3::boolean, $4::timestamptz, $5::jsonb, array[$6::text])
  returning id, email, n, ok, at, doc, tags`;

describe("named prepared statements on PGlite (decision 020)", () => {
  it("returns the rows query() returns, typed the same way, for the same parameters", async () => {
    const values = ["a@example.com", 7, true, "2030-01-02T03:04:05.000Z", '{"k":[1,"x"]}', "tag"];
    const { rows } = await runNamed("t_insert", insert, values);
    const [viaQuery] = (
      await client.query("select id, email, n, ok, at, doc, tags from t where email = $1", [values[0]])
    ).rows;
    expect(rows).toEqual([viaQuery]);
    expect(rows[0]).toMatchObject({ email: "a@example.com", n: 7, ok: true, doc: { k: [1, "x"] }, tags: ["tag"] });
    expect((rows[0] as { at: Date }).at.toISOString()).toBe("2030-01-02T03:04:05.000Z");
  });

  it("sends null and undefined as SQL NULL, and text containing quotes and backslashes unchanged", async () => {
    const tricky = `o'brien\\"; drop table t; --@example.com`;
    const { rows } = await runNamed("t_insert", insert, [tricky, null, undefined, null, null, "x"]);
    expect(rows[0]).toMatchObject({ email: tricky, n: null, ok: null, at: null, doc: null });
    expect((await client.query("select count(*)::int as n from t")).rows).toEqual([{ n: 2 }]);
  });

  it("runs the statement again under its name without preparing it again", async () => {
    for (let i = 0; i < 3; i++)
      await runNamed("t_insert", insert, [`again${i}@example.com`, i, false, null, null, "y"]);
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_prepared_statements where name = 't_insert'",
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  it("throws a database error with its SQLSTATE, and the connection stays usable", async () => {
    await expect(runNamed("t_insert", insert, ["a@example.com", 1, true, null, null, "z"])).rejects.toMatchObject({
      code: "23505",
    });
    const { rows } = await runNamed("t_count", "select count(*)::int as n from t where n >= $1::int", [0]);
    expect(rows).toEqual([{ n: 4 }]);
    expect((await client.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
  });

  it("does not cache a statement that failed to prepare", async () => {
    await expect(runNamed("t_bad", "select nope from t where id = $1::int", [1])).rejects.toMatchObject({
      code: "42703",
    });
    await client.exec("alter table t add column nope int");
    await expect(runNamed("t_bad", "select nope from t where id = $1::int", [1])).resolves.toEqual({
      rows: [{ nope: null }],
    });
  });

  it("waits for an open transaction instead of running inside it", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted: () => void = () => {};
    const insertedInTransaction = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into t (email) values ('in-tx@example.com')");
      inserted();
      await held;
      await tx.rollback();
    });
    await insertedInTransaction;
    let settled = false;
    const named = runNamed("t_count_email", "select count(*)::int as n from t where email = $1::text", [
      "in-tx@example.com",
    ]).finally(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(settled).toBe(false);
    release();
    await transaction.catch(() => {});
    // It ran once the transaction had ended (rolled back), so it never saw the uncommitted row.
    expect(await named).toEqual({ rows: [{ n: 0 }] });
  });
});
