// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { whenReached } from "./when-reached";

/** An IntersectionObserver that never reports anything: what a fast fling past an element looks like. */
class SilentObserver {
  static instances: SilentObserver[] = [];
  disconnected = false;
  observed: Element[] = [];
  constructor(public callback: IntersectionObserverCallback) {
    SilentObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  report(isIntersecting: boolean) {
    this.callback([{ isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

function elementAt(top: number) {
  const element = document.createElement("section");
  document.body.append(element);
  const rect = vi.spyOn(element, "getBoundingClientRect").mockReturnValue({ top } as DOMRect);
  return { element, moveTo: (next: number) => rect.mockReturnValue({ top: next } as DOMRect) };
}

async function nextFrame() {
  await new Promise((done) => requestAnimationFrame(() => done(undefined)));
}

describe("whenReached", () => {
  beforeEach(() => {
    SilentObserver.instances = [];
    vi.stubGlobal("IntersectionObserver", SilentObserver);
    Object.defineProperty(window, "innerHeight", { value: 800, configurable: true });
  });
  afterEach(() => {
    document.body.innerHTML = "";
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("waits while the element is further below than the margin", async () => {
    const { element } = elementAt(5000);
    const reached = vi.fn();
    whenReached(element, 400, reached);
    window.dispatchEvent(new Event("scroll"));
    await nextFrame();
    expect(reached).not.toHaveBeenCalled();
  });

  it("fires when the visitor scrolls straight past it between two frames, unseen by the observer", async () => {
    const { element, moveTo } = elementAt(5000);
    const reached = vi.fn();
    whenReached(element, 400, reached);
    // From far below to far above in one jump: the observer never saw it intersect.
    moveTo(-3000);
    window.dispatchEvent(new Event("scroll"));
    window.dispatchEvent(new Event("scroll"));
    await nextFrame();
    expect(reached).toHaveBeenCalledTimes(1);
    expect(SilentObserver.instances[0]!.disconnected).toBe(true);
  });

  it("fires at once when the page opens already past or near the element", () => {
    const reached = vi.fn();
    whenReached(elementAt(-200).element, 400, reached);
    whenReached(elementAt(1100).element, 400, reached);
    expect(reached).toHaveBeenCalledTimes(2);
  });

  it("fires once when the observer reports it, and stops listening", async () => {
    const { element, moveTo } = elementAt(5000);
    const reached = vi.fn();
    whenReached(element, 400, reached);
    SilentObserver.instances[0]!.report(true);
    moveTo(0);
    window.dispatchEvent(new Event("scroll"));
    await nextFrame();
    expect(reached).toHaveBeenCalledTimes(1);
  });

  it("does nothing after it was stopped", async () => {
    const { element, moveTo } = elementAt(5000);
    const reached = vi.fn();
    whenReached(element, 400, reached)();
    moveTo(0);
    window.dispatchEvent(new Event("scroll"));
    await nextFrame();
    expect(reached).not.toHaveBeenCalled();
  });
});
