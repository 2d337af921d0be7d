/** API paths of email marketing; TanStack Query keys are these URLs (spec section 7), so prefix invalidation finds them. */

// Subscribers
export const subscribersPath = "/api/admin/email-subscribers";
export const subscriberTagsPath = `${subscribersPath}/tags`;
export const subscriberImportPath = `${subscribersPath}/import`;

// Templates
export const transactionalTemplatesPath = "/api/admin/email-templates";
export const templatePreviewPath = `${transactionalTemplatesPath}/preview`;
export const marketingTemplatesPath = "/api/admin/email-marketing-templates";

// Campaigns
export const campaignsPath = "/api/admin/email-campaigns";
export const audiencePath = `${campaignsPath}/audience`;

export function campaignPath(id: string, action?: string): string {
  return action ? `${campaignsPath}/${id}/${action}` : `${campaignsPath}/${id}`;
}

/** POST: a draft campaign to a season's priority list (owner and staff). */
export function priorityInvitePath(retreatId: string): string {
  return `/api/admin/retreats/${retreatId}/priority-invite`;
}

/** The Waitlist tab's query parameter naming the campaign to show (a link to one campaign). */
export const campaignParam = "campaign";

/** Where a campaign opens in the back office: the Waitlist tab's Campaigns section, that campaign in view. */
export function campaignHref(id: string): string {
  return `/admin/dashboard?tab=waitlist&email=campaigns&${campaignParam}=${encodeURIComponent(id)}`;
}

// Outbox
export const emailLogsPath = "/api/admin/email-logs";

export function emailLogUrl(id: string): string {
  return `${emailLogsPath}/${id}`;
}
