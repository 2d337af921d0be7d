import { useSyncExternalStore } from "react";

/** Spec: a toast stays 5000 ms and only one is shown at a time. */
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = "default" | "destructive";

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastOptions {
  id: number;
}

interface Timer {
  handle: ReturnType<typeof setTimeout> | undefined;
  remaining: number;
  startedAt: number;
}

// A module-level store (as in shadcn/ui) so `toast()` works from anywhere, even outside React.
let toasts: readonly ToastItem[] = [];
let nextId = 1;
const timers = new Map<number, Timer>();
const listeners = new Set<() => void>();

function setToasts(next: readonly ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function startTimer(id: number, ms: number): void {
  timers.set(id, { handle: setTimeout(() => dismiss(id), ms), remaining: ms, startedAt: Date.now() });
}

function clearTimer(id: number): void {
  const timer = timers.get(id);
  if (timer?.handle !== undefined) clearTimeout(timer.handle);
  timers.delete(id);
}

/** Removes one toast, or every toast when no id is given. */
export function dismiss(id?: number): void {
  const removed = id === undefined ? toasts : toasts.filter((t) => t.id === id);
  if (removed.length === 0) return;
  for (const t of removed) clearTimer(t.id);
  setToasts(toasts.filter((t) => !removed.includes(t)));
}

/** Shows a toast, replacing any toast already on screen. */
export function toast(options: ToastOptions): { id: number; dismiss: () => void } {
  const id = nextId++;
  for (const t of toasts) clearTimer(t.id);
  setToasts([{ variant: "default", ...options, id }]);
  startTimer(id, TOAST_DURATION_MS);
  return { id, dismiss: () => dismiss(id) };
}

/**
 * Stops the countdown while the pointer or keyboard focus is on the toast, so nobody loses a
 * message mid-read (WCAG 2.2.1); `resumeToast` continues with the time that was left.
 */
export function pauseToast(id: number): void {
  const timer = timers.get(id);
  if (!timer || timer.handle === undefined) return;
  clearTimeout(timer.handle);
  timer.handle = undefined;
  timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt));
}

export function resumeToast(id: number): void {
  const timer = timers.get(id);
  if (!timer || timer.handle !== undefined) return;
  startTimer(id, timer.remaining);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): readonly ToastItem[] {
  return toasts;
}

export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current, toast, dismiss };
}
