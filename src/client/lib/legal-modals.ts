/**
 * The privacy and terms modals live in the landing page's footer, but forms elsewhere (the
 * waitlist's "Privacy Policy" button) open them. A DOM event keeps the features decoupled.
 */
export type LegalModal = "privacy" | "terms";

const eventName = "retreat:open-legal-modal";

export function openLegalModal(kind: LegalModal) {
  window.dispatchEvent(new CustomEvent<LegalModal>(eventName, { detail: kind }));
}

export function onOpenLegalModal(listener: (kind: LegalModal) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<LegalModal>).detail);
  window.addEventListener(eventName, handler);
  return () => window.removeEventListener(eventName, handler);
}
