/** An HTTP error from our API. The message format is fixed by the spec: "<status>: <body or status text>". */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

/** The one place that turns a non-OK response into an error, shared by queries and mutations. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const body = await res.text().catch(() => "");
  throw new ApiError(res.status, body, res.statusText);
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Sends a request with the session cookie, JSON-encoding `data` when given; throws on non-OK. */
export async function apiRequest(method: HttpMethod, url: string, data?: unknown): Promise<Response> {
  const hasBody = data !== undefined;
  const res = await fetch(url, {
    method,
    headers: hasBody ? { "Content-Type": "application/json" } : undefined,
    body: hasBody ? JSON.stringify(data) : undefined,
    credentials: "include",
  });
  await throwIfResNotOk(res);
  return res;
}
