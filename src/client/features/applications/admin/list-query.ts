import type {
  ApplicationSortField,
  SortOrder,
  stageFilterOptions,
} from "../../../../shared/schemas/applications-admin";
import { applicationsPath } from "../applications-api";

export type ListFilters = {
  search: string;
  stage: (typeof stageFilterOptions)[number];
  sort: ApplicationSortField;
  order: SortOrder;
  page: number;
};

export const defaultFilters: ListFilters = { search: "", stage: "all", sort: "submittedAt", order: "desc", page: 1 };
export const pageSize = 25;

/**
 * The query string for the list (or, without the page, the export): defaults are left out; the
 * season (the season switcher's retreat) when there is one.
 */
export function filterParams(filters: ListFilters, withPage = true, retreatId?: string): URLSearchParams {
  const params = new URLSearchParams();
  if (retreatId) params.set("retreatId", retreatId);
  if (filters.search.trim()) params.set("search", filters.search.trim());
  if (filters.stage !== "all") params.set("stage", filters.stage);
  params.set("sort", filters.sort);
  params.set("order", filters.order);
  if (withPage) {
    params.set("page", String(filters.page));
    params.set("pageSize", String(pageSize));
  }
  return params;
}

/** The query key is the URL itself (spec section 7: the default query function fetches the key). */
export function listUrl(filters: ListFilters, retreatId?: string): string {
  return `${applicationsPath}?${filterParams(filters, true, retreatId)}`;
}

export function exportUrl(filters: ListFilters, retreatId?: string): string {
  return `${applicationsPath}/export?${filterParams(filters, false, retreatId)}`;
}

/** Clicking a header sorts by it; clicking the sorted header again flips the order. */
export function toggleSort(filters: ListFilters, sort: ApplicationSortField): ListFilters {
  if (filters.sort === sort) return { ...filters, order: filters.order === "asc" ? "desc" : "asc", page: 1 };
  // Dates and scores read best highest first; text columns A to Z.
  const order: SortOrder = sort === "submittedAt" || sort === "score" ? "desc" : "asc";
  return { ...filters, sort, order, page: 1 };
}
