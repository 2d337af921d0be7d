import { ApiError } from "./api-request";

/**
 * The `message` of our API's error body (`{ message, errors? }`), or undefined when the error is
 * not an API error or its body is not that JSON (a proxy's HTML page, an empty body).
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    const body: unknown = JSON.parse(error.body);
    if (body && typeof body === "object" && "message" in body && typeof body.message === "string" && body.message) {
      return body.message;
    }
  } catch {
    // not JSON: fall through
  }
  return undefined;
}

/**
 * Text for an error toast: the server's message, else a non-HTTP error's own message (e.g. the
 * network failed), else the fallback. Raw "<status>: <body>" strings are never shown.
 */
export function errorMessage(error: unknown, fallback: string): string {
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  if (error instanceof ApiError) return fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
