// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { anchorIdFromHref, anchorScrollTop, SCROLL_OFFSET_PX, scrollToAnchor } from "./scroll";

describe("anchorScrollTop", () => {
  it("puts the section 100 px below the top of the viewport", () => {
    expect(SCROLL_OFFSET_PX).toBe(100);
    expect(anchorScrollTop(500, 0)).toBe(400);
    expect(anchorScrollTop(-200, 1500)).toBe(1200);
  });

  it("never scrolls above the top of the page", () => {
    expect(anchorScrollTop(40, 0)).toBe(0);
  });
});

describe("anchorIdFromHref", () => {
  it("reads in-page anchors only", () => {
    expect(anchorIdFromHref("#faq")).toBe("faq");
    expect(anchorIdFromHref("#")).toBeNull();
    expect(anchorIdFromHref("/admin")).toBeNull();
    expect(anchorIdFromHref(null)).toBeNull();
  });
});

describe("scrollToAnchor", () => {
  afterEach(() => {
    document.body.innerHTML = "";
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  function setUp(reduced: boolean) {
    document.body.innerHTML = '<section id="faq"><h2>FAQ</h2></section>';
    const section = document.getElementById("faq")!;
    vi.spyOn(section, "getBoundingClientRect").mockReturnValue({ top: 900 } as DOMRect);
    Object.defineProperty(window, "scrollY", { value: 300, configurable: true });
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: reduced && query.includes("reduce") }));
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    return { section, scrollTo };
  }

  it("scrolls smoothly with the offset, updates the hash and focuses the section", () => {
    const { section, scrollTo } = setUp(false);
    expect(scrollToAnchor("faq")).toBe(true);
    expect(scrollTo).toHaveBeenCalledWith({ top: 1100, behavior: "smooth" });
    expect(window.location.hash).toBe("#faq");
    expect(document.activeElement).toBe(section);
    expect(section.getAttribute("tabindex")).toBe("-1");
  });

  it("jumps without animation when the visitor prefers reduced motion", () => {
    const { scrollTo } = setUp(true);
    scrollToAnchor("faq");
    expect(scrollTo).toHaveBeenCalledWith({ top: 1100, behavior: "auto" });
  });

  it("reports a missing section", () => {
    setUp(false);
    expect(scrollToAnchor("nowhere")).toBe(false);
  });
});
