import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminSiteContent, SiteContent } from "../../../shared/schemas/site-content";
import { useWrite } from "../../lib/use-write";
import { seasonsPath } from "../admin-shell/use-season";
import { auditLogsPath } from "../audit/audit-api";
import { dashboardPath } from "../dashboard/dashboard-api";
import { currentRetreatPath } from "../landing/landing-api";

export const sitePaths = {
  admin: "/api/admin/site",
  draft: "/api/admin/site/draft",
  publish: "/api/admin/site/publish",
  preview: "/api/admin/site/preview",
} as const;

/** The query key is the URL (the default query function fetches the key). */
export const adminSiteUrl = (retreatId: string) => `${sitePaths.admin}?retreatId=${encodeURIComponent(retreatId)}`;

/** The saved draft rendered as the public page (answered no-store, so every opening shows the latest save). */
export const sitePreviewUrl = (retreatId: string) => `${sitePaths.preview}?retreatId=${encodeURIComponent(retreatId)}`;

export function useAdminSite(retreatId: string | undefined) {
  return useQuery<AdminSiteContent>({ queryKey: [adminSiteUrl(retreatId ?? "")], enabled: Boolean(retreatId) });
}

/** Saves the whole draft; the reply (the saved draft and its status) replaces the cached one. */
export function useSaveSiteDraft(retreatId: string) {
  const queryClient = useQueryClient();
  return useWrite<SiteContent, AdminSiteContent>({
    request: (content) => ({ method: "PUT", path: sitePaths.draft, body: { retreatId, content } }),
    success: "Draft saved",
    // The form also puts the server's reasons under the fields they are about.
    failure: "The draft was not saved",
    refresh: [auditLogsPath],
    onSuccess: (site) => queryClient.setQueryData([adminSiteUrl(retreatId)], site),
  });
}

/**
 * Makes the saved draft the public site. The season the public site shows may change with it,
 * so the seasons list, the dashboard and the public retreat are read again.
 */
export function usePublishSite(retreatId: string) {
  const queryClient = useQueryClient();
  return useWrite<void, AdminSiteContent>({
    request: () => ({ method: "POST", path: sitePaths.publish, body: { retreatId } }),
    success: "Site published",
    failure: "The site was not published",
    refresh: [seasonsPath, dashboardPath, currentRetreatPath, auditLogsPath],
    onSuccess: (site) => queryClient.setQueryData([adminSiteUrl(retreatId)], site),
  });
}
