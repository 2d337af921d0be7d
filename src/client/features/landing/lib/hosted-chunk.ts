/**
 * A chunk hosted by the landing entry (with-query-client.tsx) tells the page it has arrived, so the
 * page mounts what the full app's root would have given it (the Toaster). A DOM event keeps the
 * landing entry free of the chunk's code.
 */
const eventName = "retreat:landing-hosted-chunk";

export function announceLandingHostedChunk() {
  window.dispatchEvent(new Event(eventName));
}

export function onLandingHostedChunk(listener: () => void): () => void {
  window.addEventListener(eventName, listener);
  return () => window.removeEventListener(eventName, listener);
}
