/**
 * The visitor's acknowledgements, kept in localStorage (spec: "kept in browser storage"). Storage
 * can throw (private mode, blocked storage); then the banner simply shows again next visit.
 */
export const storageKeys = {
  cookieConsent: "retreat.cookie-consent",
  devNotice: "retreat.dev-notice-acknowledged",
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export function readFlag(key: StorageKey): boolean {
  try {
    return window.localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

export function storeFlag(key: StorageKey): void {
  try {
    window.localStorage.setItem(key, new Date().toISOString());
  } catch {
    // Nothing to do: the choice just is not remembered.
  }
}
