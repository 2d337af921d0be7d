/** The vendor portal's reads (query keys are these URLs, spec section 7). */
export const vendorTasksPath = "/api/vendor/tasks";
export const vendorSchedulePath = "/api/vendor/schedule";
export const vendorTaskStatusPath = (taskId: string) => `${vendorTasksPath}/${taskId}/status`;
