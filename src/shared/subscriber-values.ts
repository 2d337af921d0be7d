// An email subscriber's segments, sources and statuses, kept apart from the zod schemas
// (email-subscribers.ts re-exports them): the Waitlist tab's list filters by them without the
// validation library (decision 024).

/** Where someone is in the journey (spec section 3); "general" is a newsletter-only contact. */
export const subscriberSegments = ["general", "waitlist", "applicant", "approved", "rejected"] as const;
/** How the contact reached us (spec section 3); staff entries and CSV imports are admin_upload. */
export const subscriberSources = ["waitlist_form", "application_form", "admin_upload"] as const;
/** active, unsubscribed, and the "other" statuses the provider's webhook sets. */
export const subscriberStatuses = ["active", "unsubscribed", "bounced", "complained"] as const;

export type SubscriberSegment = (typeof subscriberSegments)[number];
export type SubscriberSource = (typeof subscriberSources)[number];
export type SubscriberStatus = (typeof subscriberStatuses)[number];
