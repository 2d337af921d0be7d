/**
 * A Lucide icon drawn inline (same 24 px grid, stroke and classes as lucide-react renders): for the
 * few icons the landing entry hydrates on the first load, where the icon library's runtime would
 * cost about 2 KB gzip for a handful of glyphs (decision 022). `d` is the icon's path data.
 */
export function LineIcon({ d, className, strokeWidth = 2 }: { d: string; className?: string; strokeWidth?: number }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={d} />
    </svg>
  );
}

/** Lucide's path data for the icons above, joined into one path each. */
export const lineIcons = {
  menu: "M4 5h16M4 12h16M4 19h16",
  x: "M18 6 6 18M6 6l12 12",
  arrowUp: "m5 12 7-7 7 7M12 19V5",
  cookie:
    "M11 17h.01M11.496 2c.324-.016.558.292.529.615a4 4 0 004.235 4.368.713.713 0 01.758.757 4 4 0 004.366 4.237c.323-.03.63.204.614.527a10 10 0 01-2.915 6.566A1 1 0 114.93 4.918 10 10 0 0111.496 2M12 12h.01M16 16h.01M16 3h.01M21 4h.01M21 8h.01M7 14h.01M9 8h.01",
} as const;
