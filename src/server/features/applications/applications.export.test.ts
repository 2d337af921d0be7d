import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, retreats } from "../../db/schema";
import { neutraliseCell } from "../../http/csv-cells";
import { createTestApp, type TestApp } from "../../test/test-app";
import { applicationsCsvStream, exportColumns, exportFileName } from "./applications.export";

describe("neutraliseCell", () => {
  it.each(["=1+1", "+44 20 7946 0000", "-2", "@SUM(A1)", "\tx", "\rx"])("prefixes %j with a quote", (value) => {
    expect(neutraliseCell(value)).toBe(`'${value}`);
  });

  it("leaves ordinary values alone", () => {
    expect(neutraliseCell("Ada")).toBe("Ada");
    expect(neutraliseCell("a=b")).toBe("a=b");
    expect(neutraliseCell("")).toBe("");
  });
});

describe("exportFileName", () => {
  it("names the file by date", () => {
    expect(exportFileName(new Date("2026-05-10T12:00:00Z"))).toBe("applications-2026-05-10.csv");
  });
});

describe("applicationsCsvStream", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const [retreat] = await t.app.db.select().from(retreats).limit(1);
    // More rows than one batch, so the keyset paging is exercised end to end.
    const rows = Array.from({ length: 2345 }, (_, i) => ({
      retreatId: retreat!.id,
      firstName: i === 0 ? 'Quote "Q", comma' : `Person${i}`,
      lastName: i === 0 ? "Line\nbreak" : null,
      email: `p${String(i).padStart(5, "0")}@example.com`,
      stage: i % 2 ? "new" : "declined",
    }));
    for (let i = 0; i < rows.length; i += 500) await t.app.db.insert(applications).values(rows.slice(i, i + 500));
  });
  afterAll(async () => t.close());

  async function csv(query: Partial<Parameters<typeof applicationsCsvStream>[1]> = {}): Promise<string> {
    const chunks: Buffer[] = [];
    const stream = applicationsCsvStream(t.app.db, {
      search: "",
      stage: "all",
      sort: "email",
      order: "asc",
      ...query,
    });
    for await (const chunk of stream) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks).toString("utf8");
  }

  it("writes a BOM, a header and every row once, in order, across batches", async () => {
    const text = await csv();
    expect(text.startsWith('\uFEFF"ID","First name","Last name","Email",')).toBe(true);
    const records = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(2345);
    expect(records.map((r) => r.Email)).toEqual(
      Array.from({ length: 2345 }, (_, i) => `p${String(i).padStart(5, "0")}@example.com`),
    );
    expect(Object.keys(records[0]!)).toEqual(exportColumns.map(([, header]) => header));
  });

  it("quotes fields with commas, quotes and line breaks the RFC 4180 way, with CRLF records", async () => {
    const text = await csv({ search: "p00000@" });
    const lines = text.split("\r\n");
    expect(lines[1]).toContain('"Quote ""Q"", comma","Line\nbreak","p00000@example.com"');
    expect(lines.at(-1)).toBe("");
  });

  it("applies the filters", async () => {
    const records = parse(await csv({ stage: "declined" }), { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(1173);
    expect(new Set(records.map((r) => r.Stage))).toEqual(new Set(["declined"]));
  });
});
