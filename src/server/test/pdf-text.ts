import { extractText, getDocumentProxy } from "unpdf";

/**
 * The text a PDF shows, read back the way a viewer reads it (pdf.js, through unpdf): what a test
 * asserts a receipt or list says. Pages are joined with a newline; whitespace runs become one space.
 */
export async function pdfText(bytes: Uint8Array | Buffer): Promise<{ text: string; pages: number }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text, totalPages } = await extractText(pdf, { mergePages: false });
  return { text: text.map((page) => page.replace(/\s+/g, " ")).join("\n"), pages: totalPages };
}
