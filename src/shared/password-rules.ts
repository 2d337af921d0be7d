// The password's length rule in words, kept apart from the zod schema that checks it (users.ts
// re-exports it): forms show it without the validation library (decision 024).

export const minPasswordLength = 12;
export const passwordTooShortMessage = `Password must be at least ${minPasswordLength} characters.`;
