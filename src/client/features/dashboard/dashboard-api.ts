/** The dashboard's figures; every write that changes a count refreshes it (query keys are URLs, spec section 7). */
export const dashboardPath = "/api/admin/dashboard";
