import type { SubscriberListQuery } from "../../../../shared/schemas/email-subscribers";
import { subscribersPath } from "../email-marketing-api";

export type SubscriberFilters = Omit<SubscriberListQuery, "pageSize">;

export const defaultSubscriberFilters: SubscriberFilters = {
  search: "",
  segment: "all",
  status: "all",
  source: "all",
  tag: "",
  page: 1,
};
export const subscriberPageSize = 25;

/** The list's query string (without the page: the export's); defaults are left out. */
export function subscriberParams(filters: SubscriberFilters, withPage = true): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set("search", filters.search.trim());
  if (filters.segment !== "all") params.set("segment", filters.segment);
  if (filters.status !== "all") params.set("status", filters.status);
  if (filters.source !== "all") params.set("source", filters.source);
  if (filters.tag) params.set("tag", filters.tag);
  if (withPage) {
    params.set("page", String(filters.page));
    params.set("pageSize", String(subscriberPageSize));
  }
  return params;
}

/** The query key is the URL itself (the default query function fetches the key). */
export function subscriberListUrl(filters: SubscriberFilters): string {
  return `${subscribersPath}?${subscriberParams(filters)}`;
}

/** The CSV of every subscriber matching the filters on screen (all pages). */
export function subscriberExportUrl(filters: SubscriberFilters): string {
  const query = subscriberParams(filters, false).toString();
  return `${subscribersPath}/export${query ? `?${query}` : ""}`;
}

export function hasActiveFilters(filters: SubscriberFilters): boolean {
  return (
    Boolean(filters.search) ||
    filters.segment !== "all" ||
    filters.status !== "all" ||
    filters.source !== "all" ||
    Boolean(filters.tag)
  );
}
