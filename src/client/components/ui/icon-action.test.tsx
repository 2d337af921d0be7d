// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ActionTip, IconAction, IconActionProvider } from "./icon-action";

function renderList() {
  const onEdit = vi.fn();
  render(
    <IconActionProvider>
      <IconAction label="Edit Ada" onClick={onEdit}>
        <svg aria-hidden="true" data-testid="edit-icon" />
      </IconAction>
      <IconAction label="Delete Ada" danger onClick={() => undefined}>
        <svg aria-hidden="true" />
      </IconAction>
      <ActionTip label="Email Ada">
        <a href="mailto:ada@example.com" aria-label="Email Ada">
          @
        </a>
      </ActionTip>
    </IconActionProvider>,
  );
  return { onEdit };
}

const tooltip = () => screen.queryByRole("tooltip");

describe("IconActionProvider: one tooltip for a list of icon actions", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("shows an action's label after 700 ms of hovering, and hides it when the pointer leaves", () => {
    renderList();
    const edit = screen.getByRole("button", { name: "Edit Ada" });
    fireEvent.pointerOver(edit);
    act(() => vi.advanceTimersByTime(600));
    expect(tooltip()).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(tooltip()?.textContent).toBe("Edit Ada");

    // Moving onto the icon inside the button keeps it; leaving the button hides it.
    fireEvent.pointerOut(edit, { relatedTarget: screen.getByTestId("edit-icon") });
    expect(tooltip()?.textContent).toBe("Edit Ada");
    fireEvent.pointerOut(edit, { relatedTarget: document.body });
    expect(tooltip()).toBeNull();
  });

  it("moves at once from one action to the next, and a link gets its label too", () => {
    renderList();
    fireEvent.pointerOver(screen.getByRole("button", { name: "Edit Ada" }));
    act(() => vi.advanceTimersByTime(700));
    fireEvent.pointerOut(screen.getByRole("button", { name: "Edit Ada" }), { relatedTarget: document.body });
    fireEvent.pointerOver(screen.getByRole("link", { name: "Email Ada" }));
    expect(tooltip()?.textContent).toBe("Email Ada");
    expect(screen.getAllByRole("tooltip")).toHaveLength(1);
  });

  it("leaving before the delay shows nothing", () => {
    renderList();
    const remove = screen.getByRole("button", { name: "Delete Ada" });
    fireEvent.pointerOver(remove);
    act(() => vi.advanceTimersByTime(300));
    fireEvent.pointerOut(remove, { relatedTarget: document.body });
    act(() => vi.advanceTimersByTime(1_000));
    expect(tooltip()).toBeNull();
  });

  it("keyboard focus shows the label at once; Escape and blur hide it", () => {
    renderList();
    const edit = screen.getByRole("button", { name: "Edit Ada" });
    act(() => edit.focus());
    expect(tooltip()?.textContent).toBe("Edit Ada");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(tooltip()).toBeNull();
    act(() => screen.getByRole("button", { name: "Delete Ada" }).focus());
    expect(tooltip()?.textContent).toBe("Delete Ada");
    act(() => screen.getByRole("button", { name: "Delete Ada" }).blur());
    expect(tooltip()).toBeNull();
  });

  it("a press hides the label and the click still reaches the action; a press's focus shows none", () => {
    const { onEdit } = renderList();
    const edit = screen.getByRole("button", { name: "Edit Ada" });
    fireEvent.pointerOver(edit);
    act(() => vi.advanceTimersByTime(700));
    fireEvent.pointerDown(edit);
    expect(tooltip()).toBeNull();
    act(() => edit.focus());
    expect(tooltip()).toBeNull();
    fireEvent.pointerUp(edit);
    fireEvent.click(edit);
    expect(onEdit).toHaveBeenCalledTimes(1);
  });

  it("a label is text, never markup", () => {
    render(
      <IconActionProvider>
        <IconAction label={'<img src=x onerror="alert(1)">'} onClick={() => undefined}>
          x
        </IconAction>
      </IconActionProvider>,
    );
    act(() => screen.getByRole("button").focus());
    expect(tooltip()?.textContent).toBe('<img src=x onerror="alert(1)">');
    expect(tooltip()?.querySelector("img")).toBeNull();
  });
});
