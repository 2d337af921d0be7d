/** Spec: the development notice appears after 1 s unless acknowledged. */
export const DEV_NOTICE_DELAY_MS = 1000;

/** Spec: the cookie banner appears after 2 s unless already accepted. */
export const COOKIE_BANNER_DELAY_MS = 2000;

/** Spec: the back-to-top button appears after scrolling past 800 px. */
export const BACK_TO_TOP_THRESHOLD_PX = 800;
