// The lists' kinds, titles and paths, kept apart from the zod schemas (reports.ts re-exports them):
// the vendor portal and the Lists tab read them without the validation library (decision 021).

export const reportKinds = ["kitchen", "arrivals", "rooming"] as const;
export type ReportKind = (typeof reportKinds)[number];
export const reportFormats = ["json", "csv", "pdf"] as const;
export type ReportFormat = (typeof reportFormats)[number];

export const reportTitles: Record<ReportKind, string> = {
  kitchen: "Kitchen list",
  arrivals: "Arrivals and departures",
  rooming: "Rooming list",
};

/** A form sent (or sent again) within this many days is marked as changed on the arrivals list. */
export const recentChangeDays = 7;

/** Where each list is read; a format other than json downloads the file. */
export function reportPath(kind: ReportKind, retreat: string, fileFormat: ReportFormat = "json"): string {
  const query = new URLSearchParams({ retreatId: retreat, format: fileFormat });
  return `/api/admin/reports/${kind}?${query}`;
}
export const vendorKitchenPath = (retreat: string, fileFormat: ReportFormat = "json") =>
  `/api/vendor/reports/kitchen?${new URLSearchParams({ retreatId: retreat, format: fileFormat })}`;
