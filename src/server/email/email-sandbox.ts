import { Worker } from "node:worker_threads";
import { AppError, type FieldError } from "../http/app-error";
import type { EditableEmail, EditableEmailResult } from "./editable-email";

/**
 * Texts staff edit are checked and rendered in a worker thread, never on the server's event
 * loop: Markdown and HTML sanitising have inputs that take seconds (50,000 characters of "_a"
 * keep marked busy for over 4 s), and Liquid's own limits are only checked between template
 * nodes. One job runs at a time; one that outlasts jobMs has its thread terminated (a new one
 * starts for the next job) and is refused like any other template error.
 *
 * Jobs run in separate lanes, each with its own thread, so staff checking texts cannot make a
 * public form wait: previews and checks (staff lane) are refused once a few wait; product
 * messages sent from public forms and stage changes (system lane) wait at most systemWaitMs,
 * then the caller falls back to the built-in text; campaign delivery (delivery lane) is a
 * background job that may queue.
 */
export const sandboxLimits = {
  /** Checking, compiling and rendering one message, from when the thread receives it. */
  jobMs: 1_000,
  /** The thread's heap; a text that needs more is refused and the thread replaced. */
  heapMb: 256,
  /** Staff-lane jobs that may wait behind the running one; more get a 429. */
  staffMaxWaiting: 3,
  /** How long a product message may wait for its edited text, queue included, before falling back. */
  systemWaitMs: 400,
};

const timeoutMessage = `The template could not be rendered: it takes too long to process (at most ${sandboxLimits.jobMs / 1000} s)`;
const busyMessage = "The email sandbox is busy checking other texts: try again in a few seconds";
const memoryMessage = `The template could not be rendered: it needs too much memory (at most ${sandboxLimits.heapMb} MB)`;

export type SandboxReply =
  | { id: number; ok: true; result: EditableEmailResult }
  | { id: number; ok: false; message: string; errors?: FieldError[] };

type Job = {
  id: number;
  text: EditableEmail;
  data: Record<string, unknown>;
  resolve: (result: EditableEmailResult) => void;
  reject: (error: Error) => void;
};

// The app runs TypeScript through tsx (`node --import tsx`, or Vitest): the thread registers it
// itself, since a worker's entry file is not loaded through the parent's hooks.
// Through a variable: Vite rewrites `new URL("literal", import.meta.url)` into an asset address
// in browser-like test environments (jsdom).
const workerFile = "./email-sandbox.worker.ts";
const workerUrl = new URL(workerFile, import.meta.url).href;
const tsxApi = import.meta.resolve("tsx/esm/api");
const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${JSON.stringify(workerUrl)}, ${JSON.stringify(workerUrl)}));`;

type Lane = {
  worker: Worker | null;
  ready: boolean;
  current: { job: Job; timer: NodeJS.Timeout } | null;
  queue: Job[];
  /** Called once the thread is ready to take jobs. */
  onReady: Array<() => void>;
};

let nextId = 1;

function createLane(): Lane {
  return { worker: null, ready: false, current: null, queue: [], onReady: [] };
}

const lanes = { staff: createLane(), system: createLane(), delivery: createLane() };

function start(lane: Lane): void {
  const thread = new Worker(bootstrap, {
    eval: true,
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: sandboxLimits.heapMb },
  });
  lane.worker = thread;
  lane.ready = false;
  thread.on("message", (message: "ready" | SandboxReply) => {
    if (thread !== lane.worker) return;
    if (message === "ready") {
      lane.ready = true;
      for (const callback of lane.onReady.splice(0)) callback();
    } else if (lane.current?.job.id === message.id) {
      clearTimeout(lane.current.timer);
      const { job } = lane.current;
      lane.current = null;
      if (message.ok) job.resolve(message.result);
      else job.reject(new AppError("bad_request", message.message, message.errors));
    }
    pump(lane);
  });
  thread.on("error", (error) => stopped(lane, thread, error));
  thread.on("exit", () => stopped(lane, thread, null));
}

/** The thread died: the job it ran is refused; queued jobs go to a new thread. */
function stopped(lane: Lane, thread: Worker, error: Error | null): void {
  if (thread !== lane.worker) return;
  lane.worker = null;
  if (lane.current) {
    clearTimeout(lane.current.timer);
    const { job } = lane.current;
    lane.current = null;
    const outOfMemory = (error as { code?: string } | null)?.code === "ERR_WORKER_OUT_OF_MEMORY";
    job.reject(
      outOfMemory ? new AppError("bad_request", memoryMessage) : (error ?? new Error("Email sandbox stopped")),
    );
  } else if (!lane.ready) {
    // It never started (a broken install): fail what waits instead of starting it again forever.
    const cause = error ?? new Error("Email sandbox did not start");
    for (const job of lane.queue.splice(0)) job.reject(cause);
    return;
  }
  pump(lane);
}

function timedOut(lane: Lane): void {
  const thread = lane.worker;
  const job = lane.current?.job;
  lane.current = null;
  lane.worker = null;
  void thread?.terminate();
  job?.reject(new AppError("bad_request", timeoutMessage));
  pump(lane);
}

function pump(lane: Lane): void {
  if (lane.current) return;
  if (lane.queue.length === 0) {
    // Idle: the thread must not keep a finished script (or test run) alive.
    lane.worker?.unref();
    return;
  }
  if (!lane.worker) start(lane);
  lane.worker!.ref();
  if (!lane.ready) return;
  const job = lane.queue.shift()!;
  try {
    lane.worker!.postMessage({ id: job.id, text: job.text, data: job.data });
  } catch (error) {
    // Data that cannot be copied to the thread (a caller's bug, not the text's).
    job.reject(error as Error);
    pump(lane);
    return;
  }
  lane.current = { job, timer: setTimeout(() => timedOut(lane), sandboxLimits.jobMs) };
}

function enqueue(lane: Lane, text: EditableEmail, data: Record<string, unknown>): Promise<EditableEmailResult> {
  return new Promise((resolve, reject) => {
    lane.queue.push({ id: nextId++, text: { ...text, variables: [...text.variables] }, data, resolve, reject });
    pump(lane);
  });
}

/**
 * Checks and renders an edited text in the sandbox for staff (a preview, a check before saving,
 * a test send). Rejects with a 400 AppError naming what is wrong with the text, or a 429 when
 * other checks already wait.
 */
export function renderInSandbox(text: EditableEmail, data: Record<string, unknown>): Promise<EditableEmailResult> {
  if (lanes.staff.queue.length >= sandboxLimits.staffMaxWaiting) {
    return Promise.reject(new AppError("rate_limited", busyMessage));
  }
  return enqueue(lanes.staff, text, data);
}

/**
 * Renders a product message's edited text for one recipient, in its own lane, waiting at most
 * systemWaitMs (callers may hold a database transaction). Resolves null when it did not finish
 * in time: the caller sends the built-in text. Rejects like renderInSandbox for a broken text.
 */
export function renderSystemTextInSandbox(
  text: EditableEmail,
  data: Record<string, unknown>,
): Promise<EditableEmailResult | null> {
  const lane = lanes.system;
  const rendering = enqueue(lane, text, data);
  const id = nextId - 1;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    const giveUp = () => {
      // Not started yet: drop it so a backlog cannot build up behind a slow text.
      const waiting = lane.queue.findIndex((job) => job.id === id);
      if (waiting >= 0) lane.queue.splice(waiting, 1)[0]!.reject(new Error("Waited too long for the email sandbox"));
      resolve(null);
    };
    // A thread's start (loading the renderer, once per process and after a crash) is not counted.
    const startTimer = () => {
      timer = setTimeout(giveUp, sandboxLimits.systemWaitMs);
    };
    if (lane.ready) startTimer();
    else lane.onReady.push(startTimer);
  });
  return Promise.race([rendering, late]).finally(() => clearTimeout(timer));
}

/** Renders a campaign for one recipient (a background job, which may queue). */
export function renderDeliveryInSandbox(
  text: EditableEmail,
  data: Record<string, unknown>,
): Promise<EditableEmailResult> {
  return enqueue(lanes.delivery, text, data);
}
