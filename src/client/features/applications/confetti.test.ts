// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CONFETTI_DURATION_MS,
  CONFETTI_INTERVAL_MS,
  confettiBursts,
  confettiInstanceOptions,
  launchConfetti,
} from "./confetti";

const library = vi.hoisted(() => {
  const fire = vi.fn();
  const defaultInstance = vi.fn();
  const create = vi.fn(() => fire);
  return { fire, create, defaultInstance };
});
vi.mock("canvas-confetti", () => ({ default: Object.assign(library.defaultInstance, { create: library.create }) }));

describe("confettiBursts", () => {
  it("fires every 250 ms for 3 s, from 50 particles down", () => {
    const bursts = confettiBursts();
    expect(bursts).toHaveLength(CONFETTI_DURATION_MS / CONFETTI_INTERVAL_MS);
    expect(bursts[0]).toBe(50);
    for (let i = 1; i < bursts.length; i++) expect(bursts[i]).toBeLessThan(bursts[i - 1]!);
    expect(bursts.at(-1)).toBeGreaterThan(0);
  });
});

describe("launchConfetti", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("bursts on each 250 ms step and stops after 3 s", async () => {
    vi.useFakeTimers();
    const confetti = vi.fn();
    launchConfetti(async () => confetti);
    await vi.advanceTimersByTimeAsync(0);
    // Two bursts (left and right) per step.
    expect(confetti).toHaveBeenCalledTimes(2);
    expect(confetti.mock.calls[0]?.[0]).toMatchObject({ particleCount: 50 });

    await vi.advanceTimersByTimeAsync(CONFETTI_INTERVAL_MS);
    expect(confetti).toHaveBeenCalledTimes(4);
    expect(confetti.mock.calls[2]?.[0].particleCount).toBeLessThan(50);

    await vi.advanceTimersByTimeAsync(CONFETTI_DURATION_MS);
    const total = confetti.mock.calls.length;
    expect(total).toBe(2 * confettiBursts().length);
    await vi.advanceTimersByTimeAsync(5000);
    expect(confetti).toHaveBeenCalledTimes(total);
  });

  it("can be stopped early", async () => {
    vi.useFakeTimers();
    const confetti = vi.fn();
    const stop = launchConfetti(async () => confetti);
    await vi.advanceTimersByTimeAsync(CONFETTI_INTERVAL_MS);
    stop();
    const count = confetti.mock.calls.length;
    await vi.advanceTimersByTimeAsync(CONFETTI_DURATION_MS);
    expect(confetti).toHaveBeenCalledTimes(count);
  });

  it("does not even download the library under prefers-reduced-motion", () => {
    vi.stubGlobal(
      "matchMedia",
      vi.fn((query: string) => ({ matches: query === "(prefers-reduced-motion: reduce)", media: query })),
    );
    const load = vi.fn(async () => vi.fn());
    launchConfetti(load);
    expect(load).not.toHaveBeenCalled();
  });

  it("draws on the main thread: the library's worker (a blob: URL) is refused by our CSP", async () => {
    vi.useFakeTimers();
    launchConfetti();
    await vi.advanceTimersByTimeAsync(0);
    expect(library.create).toHaveBeenCalledWith(undefined, confettiInstanceOptions);
    expect(confettiInstanceOptions.useWorker).toBe(false);
    expect(library.fire).toHaveBeenCalled();
    // Never the default instance, which starts a worker.
    expect(library.defaultInstance).not.toHaveBeenCalled();
  });

  it("ignores a failed download", async () => {
    const stop = launchConfetti(async () => {
      throw new Error("offline");
    });
    await Promise.resolve();
    expect(stop).toBeTypeOf("function");
  });
});
