/** API paths of sign-in and the one-time links (setup, set-password). */
export const loginPath = "/api/auth/login";
const setupRoot = "/api/auth/setup";
const setPasswordRoot = "/api/auth/set-password";

export const setupApiUrl = (code: string) => `${setupRoot}/${encodeURIComponent(code)}`;
export const setupQueryKey = (code: string) => [setupRoot, code] as const;
export const setPasswordApiUrl = (token: string) => `${setPasswordRoot}/${encodeURIComponent(token)}`;
export const setPasswordQueryKey = (token: string) => [setPasswordRoot, token] as const;
