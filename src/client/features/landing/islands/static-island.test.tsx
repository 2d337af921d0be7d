// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { publicSite } from "../../../test/builders";
import { siteContentQueryKey } from "../landing-api";

describe("StaticIsland", () => {
  afterEach(() => {
    document.body.innerHTML = "";
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it("adopts the prerendered markup on hydration instead of rendering its section again", async () => {
    const prerendered = '<section id="faq"><h2>Questions, answered</h2><p>Prerendered <b>copy</b></p></section>';
    document.body.innerHTML = `<div id="root"><div data-island="faq" class="contents">${prerendered}</div></div>`;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    // The markup is captured when the module is evaluated, as on a real first load.
    const { StaticIsland } = await import("./static-island");
    const container = document.getElementById("root")!;
    const section = container.querySelector("section");

    await act(async () => {
      hydrateRoot(container, <StaticIsland name="faq" />);
    });

    expect(container.querySelector("[data-island='faq']")!.innerHTML).toBe(prerendered);
    // The very same node: React kept the server's DOM rather than replacing it.
    expect(container.querySelector("section")).toBe(section);
    expect(errors).not.toHaveBeenCalled();
  });

  it("renders the real section when there is no prerendered markup", async () => {
    document.body.innerHTML = '<div id="root"></div>';
    const { StaticIsland } = await import("./static-island");
    const { createRoot } = await import("react-dom/client");
    // The same module instances as the island's (the modules were reset for this test).
    const { LandingSourceContext } = await import("../lib/landing-source");
    const { querySource } = await import("../query-source");
    const container = document.getElementById("root")!;
    const queryClient = createQueryClient();
    queryClient.setQueryData(siteContentQueryKey, publicSite());
    await act(async () => {
      createRoot(container).render(
        <QueryClientProvider client={queryClient}>
          {/* As the full app reads the site's words on a client-side visit (decision 022). */}
          <LandingSourceContext value={querySource}>
            <StaticIsland name="dates" />
          </LandingSourceContext>
        </QueryClientProvider>,
      );
    });
    await vi.waitFor(
      () => expect(container.querySelector("#dates")?.textContent).toContain("Exact dates to be announced"),
      {
        timeout: 10_000,
      },
    );
  });
});
