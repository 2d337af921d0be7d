/**
 * How a season's words become the next season's: the dates wording the source's site uses
 * ("May 2026", "10–19 May 2026") becomes the new season's wherever it appears, then every other
 * occurrence of the source season's year becomes the new year. Years inside longer numbers or
 * words ("12026", "bali2026") are left alone.
 */
export type SeasonRewrite = {
  fromYear: number;
  toYear: number;
  /** The source site's dates wording and exact dates, replaced whole before the year. */
  phrases: { from: string; to: string }[];
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function seasonTextRewriter({ fromYear, toYear, phrases }: SeasonRewrite): (text: string) => string {
  // Only phrases that name the old year: "Exact dates to be announced" means the same in any season.
  const replacements = new Map(
    phrases
      .filter((phrase) => phrase.from.trim() !== "" && phrase.from.includes(String(fromYear)))
      .map((phrase) => [phrase.from, phrase.to]),
  );
  const year = String(fromYear);
  replacements.set(year, String(toYear));
  // One pass, longest first: a replacement is never itself rewritten again.
  const alternatives = [...replacements.keys()]
    .sort((a, b) => b.length - a.length)
    .map((from) => (from === year ? `(?<!\\w)${year}(?!\\w)` : escapeRegExp(from)));
  const pattern = new RegExp(alternatives.join("|"), "g");
  return (text) => text.replace(pattern, (found) => replacements.get(found) ?? found);
}

/** Every string inside a JSON value passed through `rewrite` (objects and lists keep their shape). */
export function rewriteStrings<T>(value: T, rewrite: (text: string) => string): T {
  if (typeof value === "string") return rewrite(value) as T;
  if (Array.isArray(value)) return value.map((item) => rewriteStrings(item, rewrite)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, rewriteStrings(item, rewrite)]),
    ) as T;
  }
  return value;
}
