import {
  type CompiledMarkdownEmail,
  compileMarkdownEmail,
  renderOrExplain,
  validateEmailTemplate,
} from "./markdown-email";
import type { RenderedEmail } from "./render";

/**
 * A message whose subject and body staff edit (a system message, a marketing template, a
 * campaign): the text, the footer our code adds, and the variables the text may use.
 */
export type EditableEmail = { subject: string; body: string; footer: string; variables: readonly string[] };

export type EditableEmailResult = { email: RenderedEmail; variables: string[] };

type Checked = { compiled: CompiledMarkdownEmail; variables: string[] };

// Checking and compiling (Markdown, Liquid) cost far more than rendering, and a campaign renders
// one text per recipient: each distinct text is compiled once. Cleared when full; it refills
// from the few texts in use.
const checkedTexts = new Map<string, Checked>();
const maxCheckedTexts = 100;

function check(text: EditableEmail): Checked {
  const key = JSON.stringify([text.subject, text.body, text.footer, text.variables]);
  let entry = checkedTexts.get(key);
  if (!entry) {
    const variables = validateEmailTemplate(text, text.variables);
    entry = { compiled: compileMarkdownEmail(text), variables };
    if (checkedTexts.size >= maxCheckedTexts) checkedTexts.clear();
    checkedTexts.set(key, entry);
  }
  return entry;
}

/**
 * Validates (400 naming unknown variables, the raw filter, a syntax error, a refused tag),
 * compiles and renders an edited text for one recipient, or with sample values when it is
 * checked before being saved. Runs in the email sandbox's worker thread (email-sandbox.ts).
 */
export async function renderEditableEmail(
  text: EditableEmail,
  data: Record<string, unknown>,
): Promise<EditableEmailResult> {
  const { compiled, variables } = check(text);
  return { email: await renderOrExplain(compiled, data), variables };
}
