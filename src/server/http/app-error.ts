export type ErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "gone"
  | "payload_too_large"
  | "unsupported_media_type"
  | "rate_limited"
  | "internal"
  | "bad_gateway"
  | "unavailable";

const statusByCode: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** A link that existed but no longer works (expired). */
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  /** A provider we depend on (Stripe) failed: not our fault, and worth retrying later. */
  bad_gateway: 502,
  /** Something this process cannot do as deployed (the site preview without a client build). */
  unavailable: 503,
};

export type FieldError = { path: string; message: string };
export type ApiErrorBody = { message: string; errors?: FieldError[] };

/** The one error type services throw; the error handler maps its code to an HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
  get status(): number {
    return statusByCode[this.code];
  }
}
