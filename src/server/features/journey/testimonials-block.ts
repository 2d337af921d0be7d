import type { Testimonial } from "./feedback.service";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** Where the block goes: right before the closing band (the team section comes before it). */
export const closingBandMarker = '<section aria-labelledby="closing-heading"';

/**
 * The landing page's Testimonials block as plain server-rendered HTML (no script, guests' words
 * escaped). No chosen quote: no block at all, so the page is exactly the spec's.
 */
export function testimonialsBlock(testimonials: readonly Testimonial[]): string {
  if (testimonials.length === 0) return "";
  const items = testimonials
    .map(
      (t) =>
        `<li class="rounded-3xl bg-ivory p-8 shadow-xl shadow-ink/15"><blockquote><p class="text-lg text-ink">“${escapeHtml(t.quote)}”</p></blockquote><p class="mt-4 font-medium text-accent">${escapeHtml(t.firstName)}</p></li>`,
    )
    .join("");
  return `<section aria-labelledby="testimonials-heading" class="bg-sand py-24"><div class="mx-auto max-w-7xl px-5 lg:px-8"><p class="eyebrow text-center">In their words</p><h2 id="testimonials-heading" class="mt-4 text-center font-display text-4xl text-ink">Testimonials</h2><ul class="mx-auto mt-16 grid max-w-5xl gap-12 md:grid-cols-2">${items}</ul></div></section>`;
}

/** The rendered landing page with the block inserted before the closing band (unchanged when empty). */
export function withTestimonials(html: string, testimonials: readonly Testimonial[]): string {
  const block = testimonialsBlock(testimonials);
  const at = html.indexOf(closingBandMarker);
  if (!block || at < 0) return html;
  return html.slice(0, at) + block + html.slice(at);
}
