/** Placeholder: capacity (places taken of the retreat's capacity) and open waitlist offers. */
export function PlaceOffersPanel(_props: { retreatId: string | null }) {
  return null;
}
