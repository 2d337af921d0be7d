import { useEffect, useSyncExternalStore } from "react";
import type { CurrentRetreat } from "../../../../shared/schemas/retreats";
import type { PublicSite } from "../../../../shared/schemas/site-content";
import { currentRetreatPath, siteContentPath } from "../landing-api";
import { embeddedLandingData } from "./embedded-data";
import type { LandingSource } from "./landing-source";

/** The spec's retries for the landing page's reads (3), spaced as TanStack Query spaces them. */
export const RETRIES = 3;
export const retryDelayMs = (failures: number) => Math.min(1000 * 2 ** failures, 30_000);

interface Snapshot<T> {
  data: T | undefined;
  isError: boolean;
}

/**
 * One read with the spec's retries, shared by every component that uses it: started by the first
 * component that mounts (never on the server), answered to all. `initial` is what the page shows
 * until the answer (the embedded copy); `fetchWhenInitial` says whether a read is still made then.
 */
export function createResource<T>(path: string, initial: () => T | undefined, fetchWhenInitial: boolean) {
  let first: Snapshot<T> | undefined;
  let snapshot: Snapshot<T> | undefined;
  let started = false;
  let live = false;
  const listeners = new Set<() => void>();
  /** What the server rendered the page from: hydration must start from it, whatever came since. */
  const getInitial = (): Snapshot<T> => {
    first ??= { data: initial(), isError: false };
    return first;
  };
  const get = (): Snapshot<T> => snapshot ?? getInitial();
  const set = (next: Snapshot<T>) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };
  const load = async () => {
    for (let failures = 0; ; failures++) {
      try {
        const res = await fetch(path, { credentials: "include" });
        if (!res.ok) throw new Error(`${res.status}`);
        const data = (await res.json()) as T;
        live = true;
        set({ data, isError: false });
        return;
      } catch {
        if (failures >= RETRIES) {
          // As TanStack Query: once the retries have failed, the placeholder is no longer shown.
          set({ data: undefined, isError: true });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(failures)));
      }
    }
  };
  return {
    /** The answer so far. */
    get,
    getInitial,
    /** The live answer, once it has arrived (never the embedded copy). */
    live: () => (live ? get().data : undefined),
    start() {
      if (started) return;
      started = true;
      if (!fetchWhenInitial && get().data !== undefined) return;
      void load();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Tests only: forget everything. */
    reset() {
      first = undefined;
      snapshot = undefined;
      started = false;
      live = false;
      listeners.clear();
    },
  };
}

export type Resource<T> = ReturnType<typeof createResource<T>>;

/** The retreat: always read live (prices change in the back office); the embedded copy until then. */
export const retreatResource = createResource<CurrentRetreat>(
  currentRetreatPath,
  () => embeddedLandingData()?.retreat ?? undefined,
  true,
);

/** The site's words: the embedded copy is the answer (the page was rendered from it a moment ago). */
export const siteResource = createResource<PublicSite>(siteContentPath, () => embeddedLandingData()?.site, false);

function useResource<T>(resource: Resource<T>): Snapshot<T> {
  // A section hydrated late (islands/late-island.tsx) starts from the copy the HTML was rendered
  // from, then takes whatever arrived meanwhile: no hydration mismatch.
  const snapshot = useSyncExternalStore(resource.subscribe, resource.get, resource.getInitial);
  useEffect(() => resource.start(), [resource]);
  return snapshot;
}

/** The landing page's default source: no query library, so it fits the landing entry's budget. */
export const landingStore: LandingSource = {
  useSite: () => ({ data: useResource(siteResource).data }),
  useRetreat: () => useResource(retreatResource),
};
