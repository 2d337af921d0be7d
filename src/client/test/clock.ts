import { act } from "@testing-library/react";
import { vi } from "vitest";

/** Moves the fake clock on by `ms` inside act, so what the time wakes (debounces, polls, retries) settles. */
export async function passTime(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}
