import { ApiError } from "../../lib/api-request";

/** The `message` of our JSON error body, or null when the error carries none. */
export function apiErrorMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.body) return null;
  try {
    const parsed = JSON.parse(error.body) as { message?: unknown };
    return typeof parsed.message === "string" && parsed.message ? parsed.message : null;
  } catch {
    return null;
  }
}
