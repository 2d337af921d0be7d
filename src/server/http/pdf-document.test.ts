import { describe, expect, it } from "vitest";
import { pdfText as readPdf } from "../test/pdf-text";
import { pdfText, renderPdf } from "./pdf-document";

describe("pdfText", () => {
  it("keeps what Helvetica prints and brings the rest into it, so one odd letter cannot scramble a line", () => {
    expect(pdfText("Zoë Müller-Øst, £1,997 – “ok” €5")).toBe("Zoë Müller-Øst, £1,997 – “ok” €5");
    expect(pdfText("Łukasz Dvořák Đorđe")).toBe("Lukasz Dvorák Dorde");
    expect(pdfText("Иван 王\tline\nbreak")).toBe("???? ? line break");
  });
});

describe("renderPdf", () => {
  it("titles and dates every page and repeats a long table's header on each page", async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [`Guest ${i + 1}`, i % 2 ? "Vegan" : "Gluten-free"]);
    const pdf = await renderPdf({ title: "Kitchen list", subtitle: "Bali 2030", dated: "Printed 1 May 2030" }, (w) => {
      w.heading("Guests");
      w.table(
        [
          { header: "Guest", width: 0.5 },
          { header: "Needs", width: 0.5 },
        ],
        [{ heading: "Group" }, ...rows],
      );
    });
    const { text, pages } = await readPdf(pdf);
    expect(pages).toBeGreaterThan(1);
    const perPage = text.split("\n");
    expect(perPage).toHaveLength(pages);
    perPage.forEach((page, i) => {
      expect(page).toContain(`Kitchen list · Bali 2030 · Printed 1 May 2030 · Page ${i + 1} of ${pages}`);
      expect(page).toContain("Guest Needs");
    });
    expect(text).toContain("Guest 120 Vegan");
  });
});
