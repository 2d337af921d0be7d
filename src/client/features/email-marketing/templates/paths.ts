/** API paths; TanStack Query keys are these URLs (spec section 7), so prefix invalidation finds them. */
export const transactionalTemplatesPath = "/api/admin/email-templates";
export const templatePreviewPath = "/api/admin/email-templates/preview";
export const marketingTemplatesPath = "/api/admin/email-marketing-templates";
