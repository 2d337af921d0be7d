// The links every email to a subscriber carries (footer, List-Unsubscribe header).

/** The manage-preferences link put in every email to a subscriber. */
export function preferencesUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/email/preferences/${token}`;
}

/** The unsubscribe page link put in every marketing email. */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/email/unsubscribe/${token}`;
}

/**
 * The RFC 8058 one-click address for the List-Unsubscribe header: mail providers POST
 * "List-Unsubscribe=One-Click" to it, without cookies. The campaign id attributes the unsubscribe.
 */
export function oneClickUnsubscribeUrl(publicUrl: string, token: string, campaignId?: string): string {
  const base = `${publicUrl}/api/email/one-click-unsubscribe/${token}`;
  return campaignId ? `${base}?campaign=${campaignId}` : base;
}
