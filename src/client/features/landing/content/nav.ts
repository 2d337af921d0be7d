/** The navigation bar's links, in the spec's order (the Apply Now button is separate). */
export const navLinks = [
  { label: "About", href: "#about" },
  { label: "What's Included", href: "#included" },
  { label: "Schedule", href: "#schedule" },
  { label: "Investment", href: "#investment" },
  { label: "FAQs", href: "#faq" },
] as const;
