import type { RenderedEmail } from "./render";

/**
 * A message rendered once per shape and filled in per recipient (issue 22, decision 020's fifth
 * look): the public forms render the built-in confirmation for every submission, and running
 * Liquid, sanitize-html and the text conversion each time was a third of the server's CPU per
 * request. For our own texts, a value that is only ever printed as it is lands in the output as
 * it is; so the message is rendered with stand-in words for the per-recipient values, and each
 * recipient's copy is that output with the stand-ins replaced.
 *
 * Slots: `slots` names the per-recipient variables, each with the fixed start its value must have
 * (`""` for a name; the preferences link's address before the token). What follows that start
 * must be letters, digits, `.`, `-`, `_` and single spaces inside: characters that Liquid's
 * escaping, sanitize-html, the subject's line folding and the text conversion all leave alone,
 * and that cannot make a URL scheme, an entity or a tag. Any other value (an apostrophe, a double
 * space) renders the whole message as before, and is not cached. A slot whose value is only its
 * fixed start (an individual's empty partner name) counts as fixed, so it picks the entry of its
 * own branch.
 *
 * Everything that is not a slot is part of the cache key (the site's address, the retreat's
 * name), so only process-wide values should be left out of `slots`.
 *
 * Checked when an entry is made, twice. The template's sources must use each slot only as a bare
 * output (`{{ firstName }}`, no filter) or in a test against the empty string (`{% if partnerName
 * != "" %}`, which a filled-in value answers as its stand-in does): a filter, another condition, an
 * assignment or a capture anywhere, and the shape renders every message in full. Then the message
 * is rendered with two sets of stand-ins from disjoint alphabets and of different lengths, and the
 * first output with its stand-ins replaced by the second's must be the second output in every part.
 * Meant for the built-in texts, whose sources we control and test against a full render; text
 * staff edit always renders in full.
 */

export type Slots = Readonly<Record<string, string>>;
type Render = (data: Record<string, unknown>) => Promise<RenderedEmail>;
type Entry = { fill: (values: readonly string[]) => RenderedEmail } | null;

const safeTail = /^[\p{L}\p{M}\p{N}._-]+(?: [\p{L}\p{M}\p{N}._-]+)*$/u;
const maxEntries = 64;

/**
 * Stand-in words: letters and a space (safe in every part), mixed case, none inside another, A's and B's
 * alphabets disjoint, B's much longer (a test of a slot's length falls differently for the two).
 */
const standIn = {
  a: (index: number) => `Qz${"Jq".repeat(index + 1)} zQ`,
  b: (index: number) => `Xk${"Wvw".repeat(index + 8)} kX`,
};

const liquidMarkup = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g;
/** Tags that can carry a value somewhere else under another name, or run markup we do not read. */
const opaqueTags = /\{%-?\s*(?:capture|liquid|include|render|layout)\b/;

/**
 * Whether `sources` (a message's Liquid, or Markdown with Liquid) use `name` only as a bare output
 * or in a test against "": the uses under which a filled-in value renders as its stand-in does.
 * Anything else that names it (a filter, `.size`, a comparison with another value, an assignment,
 * a loop, a quoted lookup) makes the answer no.
 */
export function printedAsIs(sources: readonly string[], name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const named = new RegExp(`(?<![\\w$?-])${escaped}(?![\\w$?-])`);
  const bareOutput = new RegExp(`^\\{\\{-?\\s*${escaped}\\s*-?\\}\\}$`);
  const emptyTest = new RegExp(`^\\{%-?\\s*(?:if|elsif|unless)\\s+${escaped}\\s*[!=]=\\s*(?:""|'')\\s*-?%\\}$`);
  for (const source of sources) {
    if (opaqueTags.test(source)) return false;
    for (const markup of source.match(liquidMarkup) ?? []) {
      if (named.test(markup) && !bareOutput.test(markup) && !emptyTest.test(markup)) return false;
    }
  }
  return true;
}

function replacer(words: readonly string[]) {
  const pattern = new RegExp([...words].sort((x, y) => y.length - x.length).join("|"), "g");
  const index = new Map(words.map((word, i) => [word, i]));
  // One pass: a value put in is never scanned again, whatever it contains.
  return (text: string, values: readonly string[]) => text.replace(pattern, (word) => values[index.get(word)!]!);
}

function fillAll(
  output: RenderedEmail,
  replace: ReturnType<typeof replacer>,
  values: readonly string[],
): RenderedEmail {
  return {
    subject: replace(output.subject, values),
    html: replace(output.html, values),
    text: replace(output.text, values),
  };
}

const sameEmail = (x: RenderedEmail, y: RenderedEmail) =>
  x.subject === y.subject && x.html === y.html && x.text === y.text;

/** `sources`: the template's texts (subject, body, footer), for the check of how slots are used. */
export function slottedRenderer(render: Render, sources: readonly string[]) {
  const entries = new Map<string, Promise<Entry>>();

  async function makeEntry(data: Record<string, unknown>, slotNames: readonly string[], starts: readonly string[]) {
    if (!slotNames.every((name) => printedAsIs(sources, name))) return null;
    const probe = (words: (index: number) => string) => ({
      ...data,
      ...Object.fromEntries(slotNames.map((name, i) => [name, starts[i] + words(i)])),
    });
    const wordsA = slotNames.map((_, i) => standIn.a(i));
    const wordsB = slotNames.map((_, i) => standIn.b(i));
    const [outputA, outputB] = await Promise.all([render(probe(standIn.a)), render(probe(standIn.b))]);
    const replace = replacer(wordsA);
    if (!sameEmail(fillAll(outputA, replace, wordsB), outputB)) return null;
    return { fill: (values: readonly string[]) => fillAll(outputA, replace, values) };
  }

  /** The message for `data`: the cached shape with this recipient's values, or a full render. */
  return async function renderSlotted(data: Record<string, unknown>, slots: Slots): Promise<RenderedEmail> {
    const slotNames: string[] = [];
    const starts: string[] = [];
    const values: string[] = [];
    const fixed: [string, unknown][] = [];
    for (const [name, value] of Object.entries(data)) {
      const start = slots[name];
      if (start === undefined || value === start) {
        fixed.push([name, value]);
        continue;
      }
      if (typeof value !== "string" || !value.startsWith(start)) return render(data);
      const tail = value.slice(start.length);
      if (!safeTail.test(tail)) return render(data);
      slotNames.push(name);
      starts.push(start);
      values.push(tail);
    }
    if (slotNames.length === 0) return render(data);
    const key = JSON.stringify([fixed, slotNames, starts]);
    let entry = entries.get(key);
    if (!entry) {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entry = makeEntry(data, slotNames, starts);
      entries.set(key, entry);
    }
    const made = await entry.catch(() => {
      // A render that failed is not remembered: this message renders in full (and fails the same
      // way, as it would have without the cache), the next one tries again.
      if (entries.get(key) === entry) entries.delete(key);
      return null;
    });
    return made ? made.fill(values) : render(data);
  };
}
