import type { SocialNetwork } from "../../../../shared/schemas/site-content";

// lucide no longer ships brand marks, so these are simple hand-drawn outlines in its style.
const paths: Record<SocialNetwork, string> = {
  Instagram:
    "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5h.01",
  Facebook: "M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6.5v3.5H9V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15Z",
  YouTube:
    "M2.5 8.2a3 3 0 0 1 2.1-2.1C6.5 5.6 12 5.6 12 5.6s5.5 0 7.4.5a3 3 0 0 1 2.1 2.1c.5 1.9.5 3.8.5 3.8s0 1.9-.5 3.8a3 3 0 0 1-2.1 2.1c-1.9.5-7.4.5-7.4.5s-5.5 0-7.4-.5a3 3 0 0 1-2.1-2.1C2 13.9 2 12 2 12s0-1.9.5-3.8ZM10 9v6l5-3-5-3Z",
};

export function SocialIcon({ network, className }: { network: SocialNetwork; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={paths[network]} />
    </svg>
  );
}
