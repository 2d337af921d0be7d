/** Landing page copy that is the same every season (the rest is each season's site content). */
/** The selection process, in the spec's four steps. */
export const selectionSteps = [
  { title: "Apply", text: "A 5-minute form." },
  { title: "Vibe Check", text: "Social media review for values alignment." },
  { title: "Quick Chat", text: "A short WhatsApp or Zoom call." },
  { title: "Decision", text: "Acceptance with a payment link, or a respectful decline with future opportunities." },
] as const;
