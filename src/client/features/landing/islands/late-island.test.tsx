// @vitest-environment jsdom
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lateIsland } from "./late-island";

describe("lateIsland (decision 022)", () => {
  afterEach(() => {
    document.body.innerHTML = "";
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("keeps the server markup without loading its code until the page is idle, then hydrates that markup", async () => {
    vi.useFakeTimers();
    // Far below the first screen, so only the idle fallback can start it.
    vi.spyOn(Element.prototype, "getBoundingClientRect").mockReturnValue({ top: 10_000 } as DOMRect);
    document.body.innerHTML =
      '<div id="root"><!--$--><section id="prices"><button type="button">£1,997</button></section><!--/$--></div>';
    const container = document.getElementById("root")!;
    const serverButton = container.querySelector("button")!;
    const clicked = vi.fn();
    function Prices() {
      return (
        <section id="prices">
          <button type="button" onClick={clicked}>
            £1,997
          </button>
        </section>
      );
    }
    const load = vi.fn(async () => ({ default: Prices }));
    const Island = lateIsland("prices", 1200, load);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});

    await act(async () => {
      hydrateRoot(container, <Island />);
    });
    expect(load).not.toHaveBeenCalled();
    expect(container.querySelector("button")).toBe(serverButton);
    serverButton.click();
    expect(clicked).not.toHaveBeenCalled();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(load).toHaveBeenCalledTimes(1);
    // The very same node, now with its handler: hydrated, not rendered again.
    expect(container.querySelector("button")).toBe(serverButton);
    serverButton.click();
    expect(clicked).toHaveBeenCalledTimes(1);
    // No hydration error (React reports a mismatch or a boundary it gave up on through console.error).
    expect(errors.mock.calls.map((call) => String(call[0])).filter((message) => /hydrat|match/i.test(message))).toEqual(
      [],
    );
  });

  it("loads at once when there is no server markup (a client-side visit)", async () => {
    document.body.innerHTML = '<div id="root"></div>';
    const { createRoot } = await import("react-dom/client");
    const load = vi.fn(async () => ({ default: () => <section id="late">late section</section> }));
    const Island = lateIsland("late", 1200, load);
    const container = document.getElementById("root")!;
    await act(async () => {
      createRoot(container).render(<Island />);
    });
    await vi.waitFor(() => expect(container.textContent).toBe("late section"));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
