/** API paths of applications; query keys are these URLs (spec section 7). */
export const applicationsPath = "/api/admin/applications";
/** The public application form posts here. */
export const applicationSubmitPath = "/api/application";
export const travelFormsPath = "/api/admin/travel-forms";
export const applicationTravelUrl = (applicationId: string) => `${applicationsPath}/${applicationId}/travel-form`;
export const medicalNotesUrl = (applicationId: string) => `${applicationsPath}/${applicationId}/medical-notes`;
