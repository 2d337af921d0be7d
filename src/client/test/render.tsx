import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { Toaster } from "../components/ui/toast";
import { LandingSourceContext } from "../features/landing/lib/landing-source";
import { querySource } from "../features/landing/query-source";
import { createQueryClient } from "../lib/query-client";
import { dismiss } from "../lib/use-toast";

interface RenderOptions {
  /** Render the Toaster beside the component, for tests that read toasts. */
  toaster?: boolean;
  /** Render inside a wouter Router on an in-memory location starting at this path. */
  path?: string;
  /** Answers already in the cache before the first render (as the landing page's embedded data are). */
  cached?: [queryKey: readonly unknown[], data: unknown][];
}

/**
 * Renders a client component the way the app does: inside a fresh QueryClient (no cache shared
 * between tests), optionally with the Toaster and a router on an in-memory location.
 */
export function renderWithClient(ui: ReactNode, { toaster = false, path, cached = [] }: RenderOptions = {}) {
  const queryClient = createQueryClient();
  for (const [queryKey, data] of cached) queryClient.setQueryData(queryKey, data);
  const location = path === undefined ? undefined : memoryLocation({ path, record: true });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <LandingSourceContext value={querySource}>
        {location ? <Router hook={location.hook}>{ui}</Router> : ui}
        {toaster ? <Toaster /> : null}
      </LandingSourceContext>
    </QueryClientProvider>,
  );
  return { ...view, queryClient, location };
}

/** The afterEach of a component test: unmount, drop any toast, put the clock, fetch (and other stubs) back. */
export function resetClientTest() {
  cleanup();
  act(() => dismiss());
  vi.useRealTimers();
  vi.unstubAllGlobals();
}

/** Radix Checkbox, Switch, RadioGroup and the charts measure themselves; jsdom has no ResizeObserver. */
export function stubResizeObserver() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
