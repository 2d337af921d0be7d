// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismiss, TOAST_DURATION_MS, toast } from "../../lib/use-toast";
import { Toaster } from "./toast";

describe("Toaster", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(<Toaster />);
  });

  afterEach(() => {
    act(() => dismiss());
    cleanup();
    vi.useRealTimers();
  });

  it("shows one toast at a time: a new toast replaces the old one", () => {
    act(() => {
      toast({ title: "First", description: "one" });
    });
    expect(screen.getByRole("status").textContent).toContain("First");

    act(() => {
      toast({ title: "Second", description: "two" });
    });
    expect(screen.getAllByRole("status")).toHaveLength(1);
    expect(screen.queryByText("First")).toBeNull();
    expect(screen.getByText("Second")).toBeTruthy();
    expect(screen.getByText("two")).toBeTruthy();
  });

  it("disappears after 5000 ms", () => {
    act(() => {
      toast({ title: "Saved" });
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    });
    expect(screen.getByText("Saved")).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText("Saved")).toBeNull();
  });

  it("a replacing toast gets its own full 5000 ms", () => {
    act(() => {
      toast({ title: "First" });
    });
    act(() => {
      vi.advanceTimersByTime(4000);
      toast({ title: "Second" });
    });
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(screen.getByText("Second")).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText("Second")).toBeNull();
  });

  it("uses role alert for destructive toasts and closes from its button", () => {
    act(() => {
      toast({ title: "Error", description: "Spam detected. Please try again.", variant: "destructive" });
    });
    expect(screen.getByRole("alert").textContent).toContain("Spam detected. Please try again.");
    fireEvent.click(screen.getByRole("button", { name: "Close notification" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("pauses while hovered and resumes with the time left", () => {
    act(() => {
      toast({ title: "Read me" });
    });
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    fireEvent.mouseEnter(screen.getByRole("status"));
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByText("Read me")).toBeTruthy();
    fireEvent.mouseLeave(screen.getByRole("status"));
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.getByText("Read me")).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText("Read me")).toBeNull();
  });
  // Issue 16: a toast at the bottom sat on the Save and Cancel buttons of an open dialog.
  it("moves to the top while a dialog is open, so it never covers the dialog's footer", async () => {
    const toaster = () => document.querySelector("[data-toaster]")!;
    act(() => {
      toast({ title: "Nothing open" });
    });
    expect(toaster().getAttribute("data-position")).toBe("bottom");
    expect(toaster().className).toContain("bottom-0");

    const dialog = document.createElement("div");
    dialog.setAttribute("role", "dialog");
    dialog.setAttribute("data-state", "open");
    await act(async () => {
      document.body.append(dialog);
    });
    expect(toaster().getAttribute("data-position")).toBe("top");
    expect(toaster().className).toContain("top-0");
    expect(toaster().className).not.toContain("bottom-0");

    await act(async () => {
      dialog.setAttribute("data-state", "closed");
    });
    expect(toaster().getAttribute("data-position")).toBe("bottom");
    dialog.remove();
  });
});
