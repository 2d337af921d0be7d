// The sign-in page's validation, reached only through a dynamic import (admin-entry-page.tsx): its own
// chunk, so the page loads zod when the form is touched, not with the page (decision 021).
export { loginSchema } from "../../../shared/schemas/auth";
