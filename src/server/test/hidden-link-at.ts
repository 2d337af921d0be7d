import { markerSource } from "../email/hidden-links";

/** Matches a credential link as the outbox stores it: `url` followed by its random marker. */
export function hiddenLinkAt(url: string): RegExp {
  return new RegExp(`${url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${markerSource}`);
}
