import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { whenIdle } from "../lib/when-idle";

/**
 * A dialog whose code (its form, and with it zod and react-hook-form) is its own chunk, loaded when
 * it is first needed instead of with the tab that shows its button (decision 024). The tab renders
 * it exactly as before, `<XDialog open={...} ... />` or `{item && <XDialog item={item} ... />}`:
 *
 * - With an `open` prop, nothing is rendered (and nothing downloaded for it) until it is first
 *   true; from then on the dialog stays mounted, so it closes with its own animation and keeps its
 *   state the way a statically imported one did.
 * - Without one, it loads when first rendered (a dialog mounted only while in use).
 *
 * Once the tab holding it has rendered and the browser is idle, the chunk is fetched anyway, so by
 * the time someone clicks, the dialog opens at once; until it arrives it renders nothing, which the
 * button's click cannot tell from a dialog opening a frame later.
 */
/** Every lazy dialog's loader, for tests that open dialogs without waiting on a download (preloadAllDialogs). */
const everyPreload = new Set<() => Promise<unknown>>();

export function lazyDialog<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> & { preload: () => Promise<unknown> } {
  let started: Promise<{ default: ComponentType<Props> }> | undefined;
  const preload = () => {
    if (!started) {
      started = load().then((component) => ({ default: component }));
      // A failed download may be tried again at the next opening.
      started.catch(() => {
        started = undefined;
      });
    }
    return started;
  };
  everyPreload.add(preload);
  const Loaded = lazy(preload);

  function LazyDialog(props: Props) {
    const open = "open" in props ? Boolean((props as { open?: unknown }).open) : true;
    const [wanted, setWanted] = useState(open);
    if (open && !wanted) setWanted(true);
    useEffect(() => whenIdle(() => void preload().catch(() => undefined)), []);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyDialog, { preload });
}

/**
 * Loads every lazy dialog defined so far (the modules imported by then). The client tests run it
 * before each file's tests (src/client/test/setup.ts), so a test opening a dialog meets it the way
 * a user meets it after the idle prefetch: already there.
 */
export function preloadAllDialogs(): Promise<unknown> {
  return Promise.all([...everyPreload].map((preload) => preload()));
}
