import { type ComponentType, lazy, memo, Suspense } from "react";
import type { StaticSectionName } from "./static-sections";

/**
 * Static islands: sections with no state, no handlers and no live data (copy, pictures, FAQ,
 * footer) are rendered into the HTML by the prerender and are NOT hydrated. On the first load the
 * browser keeps the prerendered markup and React only adopts it as inner HTML, so their code and
 * text are never downloaded twice; the landing page's JavaScript stays within budget.
 *
 * The markup is read from the prerendered DOM before React touches it (this module is evaluated
 * before the landing page hydrates) and kept for later client-side visits to "/". When the page
 * was not prerendered (dev server, a visit that started on another route), the sections' own code
 * is loaded instead. The HTML is our own build output, never user input.
 */
const captured = new Map<string, string>();
if (typeof document !== "undefined") {
  for (const element of document.querySelectorAll<HTMLElement>("#root [data-island]")) {
    if (element.dataset.island) captured.set(element.dataset.island, element.innerHTML);
  }
}

const StaticSections = lazy(async () => {
  const { staticSections } = await import("./static-sections");
  const Render: ComponentType<{ name: StaticSectionName }> = ({ name }) => {
    const Section = staticSections[name];
    return <Section />;
  };
  return { default: Render };
});

/** `display: contents`, so the wrapper never affects layout. */
const wrapperClass = "contents";

export const StaticIsland = memo(function StaticIsland({ name }: { name: StaticSectionName }) {
  const html = captured.get(name);
  if (html !== undefined) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: our own prerendered markup read back from the page, never user input
    return <div data-island={name} className={wrapperClass} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <div data-island={name} className={wrapperClass}>
      <Suspense fallback={null}>
        <StaticSections name={name} />
      </Suspense>
    </div>
  );
});
