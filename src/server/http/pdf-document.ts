import type { FastifyReply } from "fastify";
import PDFDocument from "pdfkit";

// Every PDF the product writes (the lists, receipts and credit notes) goes through this builder,
// so they share one look: A4, the title and date on every page, numbered pages, plain tables.
// docs/decisions/017-lists-and-receipts.md says why pdfkit and the standard Helvetica font.

/**
 * The characters Helvetica (a standard PDF font, nothing embedded) can show: its WinAnsi encoding
 * is Latin-1 plus a few typographic marks. pdfkit writes any other character as garbage that also
 * scrambles the rest of the line, so text is brought into this set first.
 */
const winAnsiExtras = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(char);
}

/** Letters that do not decompose into a base letter and an accent. */
const lookalikes: Record<string, string> = {
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  Ħ: "H",
  ħ: "h",
  ı: "i",
  Ŧ: "T",
  ŧ: "t",
  Ŀ: "L",
  ŀ: "l",
  ĸ: "k",
  "\u2212": "-",
  "\u2010": "-",
  "\u2011": "-",
  "\u00a0": " ",
};

/**
 * Text as Helvetica can print it: "Zoë" stays, "Łukasz" becomes "Lukasz", "Dvořák" keeps its
 * accents where WinAnsi has them (ř becomes r), line breaks and tabs become spaces, and a
 * character with no Latin form (Иван, 王) becomes "?". The screen and the CSV keep the real text.
 */
export function pdfText(value: string): string {
  let out = "";
  for (const char of value.replace(/[\t\r\n]+/g, " ")) {
    if (isWinAnsi(char)) {
      out += char;
      continue;
    }
    const lookalike = lookalikes[char];
    if (lookalike !== undefined) {
      out += lookalike;
      continue;
    }
    const base = char.normalize("NFKD").replace(/\p{M}/gu, "");
    out += base && [...base].every(isWinAnsi) ? base : "?";
  }
  return out;
}

export type PdfColumn = {
  header: string;
  /** Share of the line's width; the shares of a table add up to 1. */
  width: number;
  align?: "left" | "right";
};

/** One table row: its cells, and whether it is a group heading spanning the whole width. */
export type PdfRow = string[] | { heading: string };

const margin = 48;
const bodySize = 10;
const smallSize = 8;
const cellPadding = 4;
const ink = "#1f2a1c";
const muted = "#5b6658";
const rule = "#c9cfc4";
const band = "#eef1ea";

/** The pieces a document is written with. Text goes through pdfText. */
export class PdfWriter {
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  private get width() {
    return this.doc.page.width - margin * 2;
  }

  private get bottom() {
    return this.doc.page.height - margin - 24;
  }

  /** A new page when less than `height` points are left on this one. */
  private room(height: number) {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  heading(text: string) {
    this.room(40);
    this.doc.moveDown(0.6).font("Helvetica-Bold").fontSize(13).fillColor(ink).text(pdfText(text), margin);
    this.doc.moveDown(0.3);
  }

  paragraph(text: string, options: { muted?: boolean; size?: number } = {}) {
    this.room(20);
    this.doc
      .font("Helvetica")
      .fontSize(options.size ?? bodySize)
      .fillColor(options.muted ? muted : ink)
      .text(pdfText(text), margin, undefined, { width: this.width });
    this.doc.moveDown(0.4);
  }

  /** Label and value pairs, one per line, the labels in a column of their own. */
  facts(pairs: readonly (readonly [string, string])[]) {
    const labelWidth = 150;
    for (const [label, value] of pairs) {
      const valueText = pdfText(value);
      const height = Math.max(
        this.doc
          .font("Helvetica")
          .fontSize(bodySize)
          .heightOfString(valueText, { width: this.width - labelWidth }),
        14,
      );
      this.room(height + 4);
      const y = this.doc.y;
      this.doc
        .font("Helvetica")
        .fontSize(bodySize)
        .fillColor(muted)
        .text(pdfText(label), margin, y, {
          width: labelWidth - 8,
        });
      this.doc
        .font("Helvetica-Bold")
        .fillColor(ink)
        .text(valueText, margin + labelWidth, y, { width: this.width - labelWidth });
      this.doc.y = y + height + 4;
    }
    this.doc.x = margin;
  }

  /** A table whose header row is repeated on every page it runs onto. */
  table(columns: readonly PdfColumn[], rows: readonly PdfRow[]) {
    const widths = columns.map((c) => c.width * this.width);
    const xs = widths.map((_, i) => margin + widths.slice(0, i).reduce((a, b) => a + b, 0));
    const cellHeight = (cells: readonly string[], bold: boolean) =>
      Math.max(
        ...cells.map((cell, i) =>
          this.doc
            .font(bold ? "Helvetica-Bold" : "Helvetica")
            .fontSize(bodySize)
            .heightOfString(pdfText(cell), { width: widths[i]! - cellPadding * 2 }),
        ),
      ) +
      cellPadding * 2;
    const drawCells = (cells: readonly string[], bold: boolean, fill: string | null) => {
      const height = cellHeight(cells, bold);
      const y = this.doc.y;
      if (fill) this.doc.rect(margin, y, this.width, height).fill(fill);
      this.doc
        .font(bold ? "Helvetica-Bold" : "Helvetica")
        .fontSize(bodySize)
        .fillColor(ink);
      cells.forEach((cell, i) => {
        this.doc.text(pdfText(cell), xs[i]! + cellPadding, y + cellPadding, {
          width: widths[i]! - cellPadding * 2,
          align: columns[i]?.align ?? "left",
        });
      });
      this.doc
        .moveTo(margin, y + height)
        .lineTo(margin + this.width, y + height)
        .lineWidth(0.5)
        .strokeColor(rule)
        .stroke();
      this.doc.y = y + height;
    };
    const header = columns.map((c) => c.header);
    const drawHeader = () => drawCells(header, true, band);

    this.room(cellHeight(header, true) * 2);
    drawHeader();
    for (const row of rows) {
      if (Array.isArray(row)) {
        const height = cellHeight(row, false);
        if (this.doc.y + height > this.bottom) {
          this.doc.addPage();
          drawHeader();
        }
        drawCells(row, false, null);
      } else {
        const text = pdfText(row.heading);
        const width = this.width - cellPadding * 2;
        const height =
          this.doc.font("Helvetica-Bold").fontSize(bodySize).heightOfString(text, { width }) + cellPadding * 3;
        if (this.doc.y + height * 2 > this.bottom) {
          this.doc.addPage();
          drawHeader();
        }
        const y = this.doc.y;
        this.doc
          .font("Helvetica-Bold")
          .fontSize(bodySize)
          .fillColor(ink)
          .text(text, margin + cellPadding, y + cellPadding * 2, { width });
        this.doc.y = y + height;
      }
    }
    this.doc.x = margin;
    this.doc.moveDown(0.6);
  }
}

export type PdfMeta = {
  /** The document's title, first on page one and in the viewer's title bar: "Kitchen list". */
  title: string;
  /** What it belongs to, under the title: the retreat's name. */
  subtitle: string;
  /** The date line ("Printed 12 May 2026, 14:05"), repeated in every page's footer. */
  dated: string;
};

/**
 * Writes one A4 document and returns its bytes: the title, subtitle and date on top, what `write`
 * adds below, and "title · subtitle · dated · Page n of m" at the foot of every page.
 */
export function renderPdf(meta: PdfMeta, write: (pdf: PdfWriter) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin,
    bufferPages: true,
    info: { Title: pdfText(`${meta.title}: ${meta.subtitle}`), Subject: pdfText(meta.dated), Creator: "Retreat HQ" },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.font("Helvetica-Bold").fontSize(18).fillColor(ink).text(pdfText(meta.title), margin, margin);
  doc.font("Helvetica").fontSize(12).fillColor(ink).text(pdfText(meta.subtitle));
  doc
    .fontSize(smallSize + 1)
    .fillColor(muted)
    .text(pdfText(meta.dated));
  doc.moveDown(0.8);
  write(new PdfWriter(doc));

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const footer = pdfText(`${meta.title} · ${meta.subtitle} · ${meta.dated} · Page ${i + 1} of ${range.count}`);
    // Inside the bottom margin: lift it for the write, or pdfkit would start a new page.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("Helvetica")
      .fontSize(smallSize)
      .fillColor(muted)
      .text(footer, margin, doc.page.height - margin + 8, { width: doc.page.width - margin * 2, lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
  doc.end();
  return done;
}

/** Sends a PDF download (personal data: never kept by a browser or proxy cache). */
export function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string) {
  return reply
    .header("Content-Type", "application/pdf")
    .header("Content-Disposition", `attachment; filename="${fileName}"`)
    .header("Cache-Control", "no-store")
    .send(pdf);
}
