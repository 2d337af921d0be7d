import { Worker } from "node:worker_threads";
import type { ThreadReply, ThreadRequest } from "./pglite-thread-protocol";

/**
 * PGlite on its own thread (decision 026). PGlite is PostgreSQL compiled to WebAssembly: in the
 * server's thread, every statement's execution stops the server's JavaScript, so a request's
 * engine time and the next request's parsing, validation and rendering take turns on one core.
 * Here the engine runs in a worker thread and this side forwards each call as one message.
 *
 * `ThreadedPGlite` is what drizzle-orm/pglite, the job queue and the named statements call: the
 * same `query`, `exec` and `transaction` as PGlite's own client, with the same locking (the engine
 * thread runs PGlite's own `query` and `transaction`, so a query outside a transaction waits for
 * it there, as before). One thread serves every database the process opens.
 */

type Field = { name: string; dataTypeID: number };
export type Results = { rows: unknown[]; fields: Field[]; affectedRows?: number };
type Parser = (value: string, typeId: number) => unknown;
export type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, Parser> };
type Request = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

class DatabaseThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  /** Databases opened and not closed: a thread that stops under them has lost them. */
  openDatabases = 0;
  failure?: Error;

  constructor() {
    this.worker = new Worker(new URL("./pglite-thread-entry.mjs", import.meta.url));
    // Like an in-process PGlite, an open database does not keep the process alive; a call waiting
    // for its answer does (see request).
    this.worker.unref();
    this.worker.on("message", (reply: ThreadReply) => this.settle(reply));
    this.worker.on("error", (error) => this.fail(error));
    this.worker.on("exit", (code) => this.fail(new Error(`the database thread stopped (exit code ${code})`)));
  }

  request<T>(message: Request, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      try {
        // Throws for a value the thread cannot receive (a function, a symbol): nothing was sent.
        this.worker.postMessage({ ...message, id }, transfer);
      } catch (error) {
        reject(error);
        return;
      }
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
  }

  private settle(reply: ThreadReply) {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.error) waiting.reject(databaseError(reply.error));
    else waiting.resolve(reply.value);
  }

  private fail(error: Error) {
    if (this.failure) return;
    this.failure = error;
    if (shared === this) shared = undefined;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    // An engine that stops with databases open is fatal, as it is when PGlite runs in this thread
    // (an abort there is an uncaught exception): the process ends and is restarted whole, rather
    // than answering every request with a database error.
    if (this.openDatabases > 0) {
      setImmediate(() => {
        throw error;
      });
    }
  }
}

/** The engine's error as the caller knows it from PGlite: message, SQLSTATE `code`, detail, constraint... */
function databaseError(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message ?? "database error"));
  Object.assign(error, fields);
  return error;
}

let shared: DatabaseThread | undefined;
const databaseThread = () => {
  shared ??= new DatabaseThread();
  return shared;
};

/** Opens a PGlite database on the database thread: on disk in `dataDir`, or in memory. */
export async function openThreadedPGlite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<ThreadedPGlite> {
  const thread = databaseThread();
  const bytes = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
  const id = await thread.request<number>(
    { op: "open", dataDir: options.dataDir, loadDataDir: bytes },
    bytes ? [bytes] : [],
  );
  thread.openDatabases++;
  return new ThreadedPGlite(thread, id);
}

/** The connection calls of PGlite's client, and of its transactions (with `transaction` set). */
class Connection {
  constructor(
    protected readonly thread: DatabaseThread,
    protected readonly database: number,
    private readonly transactionId?: number,
  ) {}

  async query<T = unknown>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results & { rows: T[] }> {
    params?.forEach(sendable);
    const parsers = options?.parsers;
    const rawTypes = parsers ? Object.keys(parsers).map(Number) : undefined;
    const result = await this.thread.request<Results>({
      op: "query",
      database: this.database,
      transaction: this.transactionId,
      text,
      params,
      rowMode: options?.rowMode,
      rawTypes,
    });
    if (parsers) applyParsers(result, parsers, options?.rowMode === "array");
    return result as Results & { rows: T[] };
  }

  exec(text: string): Promise<Results[]> {
    return this.thread.request<Results[]>({
      op: "exec",
      database: this.database,
      transaction: this.transactionId,
      text,
    });
  }
}

/**
 * Refuses a parameter that would not reach the engine as the caller meant it. A value is copied to
 * the thread (structured clone) before PGlite turns it into text there, and the copy of a class
 * instance is a plain object without its methods (`toJSON`, `toString`), so it would be stored as
 * something else. Plain values, arrays, plain objects, Dates and byte arrays cross unchanged.
 */
function sendable(value: unknown) {
  if (typeof value !== "object" || value === null || value instanceof Date || ArrayBuffer.isView(value)) return;
  const prototype = Object.getPrototypeOf(value);
  if (prototype === Object.prototype || prototype === Array.prototype || prototype === null) return;
  throw new TypeError(
    `A ${prototype?.constructor?.name ?? "class instance"} cannot be sent to the database thread as a parameter; pass a plain value (a string, number, array or object)`,
  );
}

/** The caller's parsers, on the columns the engine thread left as text. */
function applyParsers(result: Results, parsers: Record<number, Parser>, arrayRows: boolean) {
  const parsed = new Set<string | number>();
  result.fields.forEach((field, i) => {
    const parse = parsers[field.dataTypeID];
    const key = arrayRows ? i : field.name;
    // Two columns of one name are one key of an object row (the last one's value, as in PGlite).
    if (!parse || parsed.has(key)) return;
    parsed.add(key);
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parse(value as string, field.dataTypeID);
    }
  });
}

export class ThreadedPGlite extends Connection {
  async transaction<T>(callback: (tx: Connection) => Promise<T>): Promise<T> {
    const transaction = await this.thread.request<number>({ op: "begin", database: this.database });
    const end = (commit: boolean) => this.thread.request({ op: "end", database: this.database, transaction, commit });
    let result: T;
    try {
      result = await callback(new Connection(this.thread, this.database, transaction));
    } catch (error) {
      await end(false).catch(() => {});
      throw error;
    }
    await end(true);
    return result;
  }

  /** A named prepared statement (pglite-named-statements.ts), run on the engine's thread. */
  async runNamed(name: string, text: string, values: unknown[]): Promise<{ rows: unknown[] }> {
    values.forEach(sendable);
    return this.thread.request({ op: "named", database: this.database, name, text, values });
  }

  async dumpDataDir(): Promise<Blob> {
    const bytes = await this.thread.request<ArrayBuffer>({ op: "dump", database: this.database });
    return new Blob([bytes]);
  }

  private closed = false;

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.thread.request({ op: "close", database: this.database });
    this.thread.openDatabases--;
  }
}
