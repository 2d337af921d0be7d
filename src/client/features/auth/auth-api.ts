import { serverMessage } from "../../lib/api-error-message";
import { ApiError } from "../../lib/api-request";
import { toast } from "../../lib/use-toast";

/** API paths of sign-in and the one-time links (setup, set-password). */
export const loginPath = "/api/auth/login";
const setupRoot = "/api/auth/setup";
const setPasswordRoot = "/api/auth/set-password";

export const setupApiUrl = (code: string) => `${setupRoot}/${encodeURIComponent(code)}`;
export const setupQueryKey = (code: string) => [setupRoot, code] as const;
export const setPasswordApiUrl = (token: string) => `${setPasswordRoot}/${encodeURIComponent(token)}`;
export const setPasswordQueryKey = (token: string) => [setPasswordRoot, token] as const;

/** A one-time link's write failed: a 404 means the link is spent (show that page), else a toast under the given title. */
export function linkWriteFailure(title: string, onInvalid: () => void) {
  return (error: Error) => {
    if (error instanceof ApiError && error.status === 404) {
      onInvalid();
      return;
    }
    toast({
      title,
      description: serverMessage(error) ?? "Something went wrong. Please try again.",
      variant: "destructive",
    });
  };
}
