// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismiss } from "../../../lib/use-toast";
import { renderWithClient } from "../../../test/render";
import { ApplicationPriorityList } from "./application-priority-list";

const id = "00000000-0000-4000-8000-0000000000a1";

function setup(status = 200) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return status === 200 ? Response.json({ id }) : Response.json({ message: "Nope" }, { status });
    }),
  );
  renderWithClient(<ApplicationPriorityList application={{ id, keepOnPriorityList: false }} />, { toaster: true });
  return calls;
}

afterEach(() => {
  act(() => dismiss());
  cleanup();
  vi.unstubAllGlobals();
});

describe("priority list checkbox", () => {
  it("saves the applicant's wish as it is ticked", async () => {
    const calls = setup();
    const box = screen.getByRole("checkbox", { name: "Applicant asked to stay on the priority list" });
    expect(box.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(box);
    expect(await screen.findByText("Kept on the priority list")).toBeTruthy();
    expect(calls).toEqual([
      { url: `/api/admin/applications/${id}`, method: "PATCH", body: { keepOnPriorityList: true } },
    ]);
    expect(box.getAttribute("aria-checked")).toBe("true");
  });

  it("goes back to the saved value when the server refuses", async () => {
    setup(409);
    const box = screen.getByRole("checkbox", { name: "Applicant asked to stay on the priority list" });
    fireEvent.click(box);
    expect(await screen.findByText("Failed to update application")).toBeTruthy();
    await waitFor(() => expect(box.getAttribute("aria-checked")).toBe("false"));
  });
});
