// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { BlocksEditor } from "./blocks-editor";

configure({ asyncUtilTimeout: 5000 });

afterEach(resetClientTest);

function setup() {
  const { fetchMock } = fakeApi(() => Response.json({}));
  renderWithClient(<BlocksEditor id="blocks" blocks={[]} />, { toaster: true });
  const form = screen.getByRole("form", { name: "Block time" });
  const field = (label: RegExp | string) => within(form).getByLabelText(label) as HTMLInputElement;
  const submit = () => fireEvent.click(within(form).getByRole("button", { name: "Block time" }));
  return { fetchMock, form, field, submit };
}

describe("BlocksEditor", () => {
  it("names every missing field, focuses the first and sends nothing", async () => {
    const { fetchMock, form, field, submit } = setup();
    submit();
    for (const message of [
      "Choose a start date.",
      "Choose a start time.",
      "Choose an end date.",
      "Choose an end time.",
    ]) {
      expect(await within(form).findByText(message)).toBeTruthy();
    }
    expect(within(form).queryByText("The end must be after the start.")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(field(/^From date/)));
    expect(field(/^From date/).getAttribute("aria-invalid")).toBe("true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses an end before the start on the To time field", async () => {
    const { fetchMock, form, field, submit } = setup();
    fireEvent.change(field(/^From date/), { target: { value: "2030-08-05" } });
    fireEvent.change(field(/^From time/), { target: { value: "14:00" } });
    fireEvent.change(field(/^To date/), { target: { value: "2030-08-05" } });
    expect(field(/^To date/).min).toBe("2030-08-05");
    fireEvent.change(field(/^To time/), { target: { value: "13:00" } });
    submit();
    expect(await within(form).findByText("The end must be after the start.")).toBeTruthy();
    expect(within(form).getAllByRole("alert")).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(field(/^To time/)));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
