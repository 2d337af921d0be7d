import { describe, expect, it } from "vitest";
import {
  detectDelimiter,
  findColumns,
  noEmailColumnMessage,
  parseSubscriberCsv,
  tooManyRowsMessage,
} from "./email-subscribers.csv";

describe("detectDelimiter", () => {
  it("reads the separator from the header line", () => {
    expect(detectDelimiter("email,first name\na;b;c;d,x")).toBe(",");
    expect(detectDelimiter("email;first name;last name\r\na,b,c,d;x;y")).toBe(";");
    expect(detectDelimiter("\uFEFFEmail;Vorname\n")).toBe(";");
    expect(detectDelimiter("email\tname\n")).toBe("\t");
  });

  it("ignores separators inside quoted headings and falls back to commas for one column", () => {
    expect(detectDelimiter('"Name; full",email\n')).toBe(",");
    expect(detectDelimiter("email\r\na@example.com;b\r\n")).toBe(",");
  });
});

describe("findColumns", () => {
  it("accepts the common spellings, whatever the case, spaces, hyphens or underscores", () => {
    expect(findColumns(["E-mail", "First Name", "SURNAME", "Tags", "Segment", "Phone"])).toEqual({
      email: 0,
      firstName: 1,
      lastName: 2,
      tags: 3,
      segment: 4,
    });
    expect(findColumns([" Email Address ", "first_name", "last_name"])).toEqual({
      email: 0,
      firstName: 1,
      lastName: 2,
    });
    expect(findColumns(["firstName", "lastName", "email"])).toEqual({ firstName: 0, lastName: 1, email: 2 });
    expect(findColumns(["Given name", "Family name", "email"])).toEqual({ firstName: 0, lastName: 1, email: 2 });
  });

  it("takes the first of repeated headings and ignores unknown ones", () => {
    expect(findColumns(["email", "Email"])).toEqual({ email: 0 });
    expect(findColumns(["name", "phone"])).toEqual({});
  });
});

describe("parseSubscriberCsv", () => {
  it("handles a BOM, semicolons, CRLF, quoted line breaks and blank lines, numbering lines like a spreadsheet", async () => {
    const text =
      '\uFEFFFirst Name;E-mail;Tags\r\nAda;ada@example.com;vip|2026\r\n\r\n"Line\nbreak";bob@example.com;\r\n';
    const { rows } = await parseSubscriberCsv(text);
    expect(rows).toEqual([
      { line: 2, email: "ada@example.com", firstName: "Ada", lastName: "", tags: "vip|2026", segment: "" },
      { line: 4, email: "bob@example.com", firstName: "Line\nbreak", lastName: "", tags: "", segment: "" },
    ]);
  });

  it("keeps a character whole where the file is cut into chunks for parsing", async () => {
    const before = "email,first name\na@example.com,";
    const pad = "x".repeat(64 * 1024 - before.length - 1);
    const { rows } = await parseSubscriberCsv(`${before}${pad}\u{1F600}\n`);
    expect(rows[0]?.firstName).toBe(`${pad}\u{1F600}`);
  });

  it("tolerates short rows", async () => {
    expect((await parseSubscriberCsv("email,first name,last name\nx@example.com\n")).rows[0]).toMatchObject({
      email: "x@example.com",
      firstName: "",
      lastName: "",
    });
  });

  it("refuses a file without an email column, an empty file and a broken quote", async () => {
    await expect(parseSubscriberCsv("name,phone\nAda,1\n")).rejects.toThrow(noEmailColumnMessage);
    await expect(parseSubscriberCsv("\uFEFF\r\n\r\n")).rejects.toThrow("The file is empty");
    await expect(parseSubscriberCsv('email\n"a@example.com\n')).rejects.toThrow(/could not be read as CSV/);
  });

  it("refuses more than the row limit", async () => {
    const body = "a@example.com\n".repeat(50_001);
    await expect(parseSubscriberCsv(`email\n${body}`)).rejects.toThrow(tooManyRowsMessage);
    expect((await parseSubscriberCsv(`email\n${"a@example.com\n".repeat(50_000)}`)).rows).toHaveLength(50_000);
  });
});
