/** The active retreat: the landing page, the application form and the admin tabs share this one read. */
export const currentRetreatPath = "/api/current-retreat";
export const currentRetreatQueryKey = [currentRetreatPath] as const;
/** The public site's published words (headings, FAQ, team...) for the season it shows. */
export const siteContentPath = "/api/site-content";
export const siteContentQueryKey = [siteContentPath] as const;
export const privacyPolicyPath = "/api/privacy-policy";
export const privacyPolicyQueryKey = [privacyPolicyPath] as const;
