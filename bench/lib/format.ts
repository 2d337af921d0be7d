/** Small helpers the benchmarks share for figures and their markdown. */

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

export const ms = (value: number, digits = 1) => `${value.toFixed(digits)} ms`;

export const count = (value: number) => value.toLocaleString("en-GB");

/** "0.42x"; "n/a" when the baseline is zero (nothing to compare with). */
export const ratio = (value: number, baseline: number, digits = 2) =>
  baseline > 0 ? `${(value / baseline).toFixed(digits)}x` : "n/a";

/** A GitHub-flavoured markdown table; cells must not contain "|". */
export function markdownTable(headers: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}
