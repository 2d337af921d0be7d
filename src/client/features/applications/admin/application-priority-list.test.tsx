// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../../test/render";
import { ApplicationPriorityList } from "./application-priority-list";

const id = "00000000-0000-4000-8000-0000000000a1";

function setup(status = 200) {
  const { calls } = fakeApi(() =>
    status === 200 ? Response.json({ id }) : Response.json({ message: "Nope" }, { status }),
  );
  renderWithClient(<ApplicationPriorityList application={{ id, keepOnPriorityList: false }} />, { toaster: true });
  return calls;
}

afterEach(resetClientTest);

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
