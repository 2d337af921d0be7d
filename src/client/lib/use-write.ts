import { type UseMutationResult, useMutation, useQueryClient } from "@tanstack/react-query";
import { serverMessage } from "./api-error-message";
import { apiRequest, type HttpMethod } from "./api-request";
import { invalidateByPrefix } from "./invalidate-by-prefix";
import { toast } from "./use-toast";

/** One request: what `useWrite` sends when it is given `request` instead of `mutationFn`. */
export type WriteRequest = { method: HttpMethod; path: string; body?: unknown };

/** A success toast: a title, a title and description, or built from the reply and the variables. */
export type WriteSuccess<T, R> =
  | string
  | { title: string; description?: string }
  | ((result: R, input: T) => string | { title: string; description?: string });

/** The text under a failure toast's title when the server sent no message (spec section 8). */
export const writeFailureFallback = "Please try again.";

type WriteCommon<T, R> = {
  /** Toast after success; none when left out. */
  success?: WriteSuccess<T, R>;
  /** Title of the destructive toast on failure, its description the server's message; none when left out (the caller shows the error itself). */
  failure?: string;
  /** Query-key URL prefixes refetched after success. */
  refresh?: readonly string[];
  /** Refetch them after a failure too (the server may have moved on, e.g. a 409). */
  refreshOnError?: boolean;
  /** Stay pending until that refetch is done, so a row's button stays busy until the list shows the new state. */
  holdUntilRefreshed?: boolean;
  /** Runs after the toast and the refresh were started. */
  onSuccess?: (result: R, input: T) => void;
  /** Runs after a failure, after the failure toast (if any): for a caller that words the failure itself or shows it in place. */
  onError?: (error: Error, input: T) => void;
};

export type WriteOptions<T, R> = WriteCommon<T, R> &
  (
    | {
        /** The request to send; the reply's JSON (undefined when empty or not JSON) is the result. */
        request: (input: T) => WriteRequest;
        mutationFn?: never;
      }
    | {
        /** The whole write, when it is more than one request or reads its reply in its own way. */
        mutationFn: (input: T) => Promise<R>;
        request?: never;
      }
  );

/** The reply's JSON, or undefined for an empty (204) or non-JSON body. */
async function readJson(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => "");
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The admin's one mutation pattern: send, toast either way (the failure toast carries the
 * server's message), then refetch every query under the given URL prefixes.
 */
export function useWrite<T = void, R = unknown>(options: WriteOptions<T, R>): UseMutationResult<R, Error, T> {
  const queryClient = useQueryClient();
  const {
    request,
    mutationFn,
    success,
    failure,
    refresh = [],
    refreshOnError,
    holdUntilRefreshed,
    onSuccess,
    onError,
  } = options;
  const refetch = () => (refresh.length > 0 ? invalidateByPrefix(queryClient, ...refresh) : undefined);
  return useMutation<R, Error, T>({
    mutationFn:
      mutationFn ??
      (async (input: T) => {
        const { method, path, body } = (request as (input: T) => WriteRequest)(input);
        return (await readJson(await apiRequest(method, path, body))) as R;
      }),
    onSuccess: (result, input) => {
      if (success !== undefined) {
        const content = typeof success === "function" ? success(result, input) : success;
        toast(typeof content === "string" ? { title: content } : content);
      }
      const refetched = refetch();
      onSuccess?.(result, input);
      if (holdUntilRefreshed) return refetched;
    },
    onError: (error, input) => {
      if (failure !== undefined) {
        toast({ title: failure, description: serverMessage(error) ?? writeFailureFallback, variant: "destructive" });
      }
      const refetched = refreshOnError ? refetch() : undefined;
      onError?.(error, input);
      if (holdUntilRefreshed) return refetched;
    },
  });
}
