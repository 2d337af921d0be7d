/** API paths; query keys are these URLs (spec section 7). */
export const campaignsPath = "/api/admin/email-campaigns";
export const audiencePath = "/api/admin/email-campaigns/audience";
export const subscriberTagsPath = "/api/admin/email-subscribers/tags";

export function campaignPath(id: string, action?: string): string {
  return action ? `${campaignsPath}/${id}/${action}` : `${campaignsPath}/${id}`;
}
