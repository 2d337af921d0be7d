import { Worker } from "node:worker_threads";
import { AppError, type FieldError } from "../http/app-error";
import type { EditableEmail, EditableEmailResult } from "./editable-email";

/**
 * Texts staff edit are checked and rendered in a worker thread, never on the server's event
 * loop: Markdown and HTML sanitising have inputs that take seconds (50,000 characters of "_a"
 * keep marked busy for over 4 s), and Liquid's own limits are only checked between template
 * nodes. One job runs at a time; one that outlasts jobMs has its thread terminated (a new one
 * starts for the next job) and is refused like any other template error.
 */
export const sandboxLimits = {
  /** Checking, compiling and rendering one message, from when the thread receives it. */
  jobMs: 1_000,
  /** The thread's heap; a text that needs more is refused and the thread replaced. */
  heapMb: 256,
};

const timeoutMessage = `The template could not be rendered: it takes too long to process (at most ${sandboxLimits.jobMs / 1000} s)`;
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

let worker: Worker | null = null;
let ready = false;
let current: { job: Job; timer: NodeJS.Timeout } | null = null;
const queue: Job[] = [];
let nextId = 1;

function start(): void {
  const thread = new Worker(bootstrap, {
    eval: true,
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: sandboxLimits.heapMb },
  });
  worker = thread;
  ready = false;
  thread.on("message", (message: "ready" | SandboxReply) => {
    if (thread !== worker) return;
    if (message === "ready") {
      ready = true;
    } else if (current?.job.id === message.id) {
      clearTimeout(current.timer);
      const { job } = current;
      current = null;
      if (message.ok) job.resolve(message.result);
      else job.reject(new AppError("bad_request", message.message, message.errors));
    }
    pump();
  });
  thread.on("error", (error) => stopped(thread, error));
  thread.on("exit", () => stopped(thread, null));
}

/** The thread died: the job it ran is refused; queued jobs go to a new thread. */
function stopped(thread: Worker, error: Error | null): void {
  if (thread !== worker) return;
  worker = null;
  if (current) {
    clearTimeout(current.timer);
    const { job } = current;
    current = null;
    const outOfMemory = (error as { code?: string } | null)?.code === "ERR_WORKER_OUT_OF_MEMORY";
    job.reject(
      outOfMemory ? new AppError("bad_request", memoryMessage) : (error ?? new Error("Email sandbox stopped")),
    );
  } else if (!ready) {
    // It never started (a broken install): fail what waits instead of starting it again forever.
    const cause = error ?? new Error("Email sandbox did not start");
    for (const job of queue.splice(0)) job.reject(cause);
    return;
  }
  pump();
}

function timedOut(): void {
  const thread = worker;
  const job = current?.job;
  current = null;
  worker = null;
  void thread?.terminate();
  job?.reject(new AppError("bad_request", timeoutMessage));
  pump();
}

function pump(): void {
  if (current) return;
  if (queue.length === 0) {
    // Idle: the thread must not keep a finished script (or test run) alive.
    worker?.unref();
    return;
  }
  if (!worker) start();
  worker!.ref();
  if (!ready) return;
  const job = queue.shift()!;
  try {
    worker!.postMessage({ id: job.id, text: job.text, data: job.data });
  } catch (error) {
    // Data that cannot be copied to the thread (a caller's bug, not the text's).
    job.reject(error as Error);
    pump();
    return;
  }
  current = { job, timer: setTimeout(timedOut, sandboxLimits.jobMs) };
}

/**
 * Checks and renders an edited text in the sandbox (for one recipient, or with sample values
 * before it is saved). Rejects with a 400 AppError naming what is wrong with the text.
 */
export function renderInSandbox(text: EditableEmail, data: Record<string, unknown>): Promise<EditableEmailResult> {
  return new Promise((resolve, reject) => {
    queue.push({ id: nextId++, text: { ...text, variables: [...text.variables] }, data, resolve, reject });
    pump();
  });
}
