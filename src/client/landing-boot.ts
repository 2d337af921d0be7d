/**
 * The landing page's first script: the only one its HTML names (decision 022). The page arrives
 * complete (server-rendered, stylesheet inline); its interactive parts (landing-main.tsx) are
 * fetched only once it has been painted. Loaded beside the document, they competed with it and the
 * hero picture for a slow connection's bandwidth, and on a fast one they could arrive and hydrate
 * before the browser's first paint, holding it back by the whole hydration.
 *
 * The frame callback runs just before a paint, the timeout after it. A hidden tab paints no frames,
 * so there the fallback timeout decides.
 */
function afterFirstPaint(then: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 250);
}

afterFirstPaint(() => {
  void import("./landing-main");
});
