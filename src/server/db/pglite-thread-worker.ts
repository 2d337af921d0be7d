import { parentPort } from "node:worker_threads";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pgliteNamedStatements } from "./pglite-named-statements";
import type { ThreadReply, ThreadRequest } from "./pglite-thread-protocol";

/**
 * The database thread (decision 026): every PGlite database this process opens lives here, so the
 * engine's work (about half of a public POST's CPU on PGlite) runs beside the server's JavaScript
 * on the second core instead of between its requests. The main thread's side is pglite-thread.ts;
 * each request is one message, answered once, in the order the engine runs them.
 */
type Open = {
  client: PGlite;
  runNamed: ReturnType<typeof pgliteNamedStatements>;
  transactions: Map<number, OpenTransaction>;
};
type OpenTransaction = { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> };

const port = parentPort;
if (!port) throw new Error("pglite-thread-worker.ts runs as a worker thread (see pglite-thread.ts)");

const databases = new Map<number, Open>();
let nextDatabase = 1;
let nextTransaction = 1;
const identity = (value: unknown) => value;

function database(id: number): Open {
  const open = databases.get(id);
  if (!open) throw new Error(`database ${id} is not open`);
  return open;
}

/** A transaction's own connection when the request names one, else the database's. */
function target(open: Open, transaction: number | undefined): Pick<PGlite, "query" | "exec"> {
  if (transaction === undefined) return open.client;
  const found = open.transactions.get(transaction);
  if (!found) throw new Error(`transaction ${transaction} is not open`);
  return found.tx;
}

/** Columns of these types come back as the engine's text; the main thread applies the caller's parsers. */
function rawParsers(types: number[] | undefined) {
  if (!types || types.length === 0) return undefined;
  return Object.fromEntries(types.map((type) => [type, identity]));
}

async function handle(request: ThreadRequest): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  switch (request.op) {
    case "open": {
      const loadDataDir = request.loadDataDir ? new Blob([request.loadDataDir]) : undefined;
      const client = request.dataDir
        ? new PGlite({ dataDir: request.dataDir, loadDataDir })
        : new PGlite({ loadDataDir });
      await client.waitReady;
      const id = nextDatabase++;
      databases.set(id, { client, runNamed: pgliteNamedStatements(client), transactions: new Map() });
      return { value: id };
    }
    case "query": {
      const open = database(request.database);
      const result = await target(open, request.transaction).query(request.text, request.params, {
        rowMode: request.rowMode,
        parsers: rawParsers(request.rawTypes),
      });
      return { value: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows } };
    }
    case "exec": {
      const open = database(request.database);
      const results = await target(open, request.transaction).exec(request.text);
      return { value: results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows })) };
    }
    case "named": {
      return { value: await database(request.database).runNamed(request.name, request.text, request.values) };
    }
    case "begin": {
      const open = database(request.database);
      const id = nextTransaction++;
      let end!: (commit: boolean) => void;
      const ended = new Promise<void>((commit, rollback) => {
        end = (wanted) => (wanted ? commit() : rollback(new RollbackRequested()));
      });
      // Answered once the transaction holds the engine; it ends when the main thread says so.
      return await new Promise((begun, failed) => {
        const done = open.client.transaction(async (tx) => {
          open.transactions.set(id, { tx, end, done });
          begun({ value: id });
          await ended;
        });
        // A BEGIN that failed: nothing was registered, so the begin itself answers the error.
        done.catch((error) => {
          if (!open.transactions.has(id)) failed(error);
        });
      });
    }
    case "end": {
      const open = database(request.database);
      const found = open.transactions.get(request.transaction);
      if (!found) throw new Error(`transaction ${request.transaction} is not open`);
      open.transactions.delete(request.transaction);
      found.end(request.commit);
      try {
        await found.done;
      } catch (error) {
        if (!(error instanceof RollbackRequested)) throw error;
      }
      return { value: null };
    }
    case "dump": {
      const file = await database(request.database).client.dumpDataDir("none");
      const bytes = await file.arrayBuffer();
      return { value: bytes, transfer: [bytes] };
    }
    case "close": {
      // PGlite's close waits for an open transaction to end, so the database stays reachable until
      // then: the transaction's own statements and its commit still arrive.
      await databases.get(request.database)?.client.close();
      databases.delete(request.database);
      return { value: null };
    }
  }
}

/** How the main thread's rollback ends the engine's transaction callback (PGlite then rolls back). */
class RollbackRequested extends Error {}

/** An error as plain data: its message and every field PGlite sets (code, detail, constraint...). */
function plainError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { ...error, message: error.message, name: error.name, stack: error.stack };
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    if (typeof value === "function" || (typeof value === "object" && value !== null)) delete fields[key];
  }
  return fields;
}

port.on("message", (request: ThreadRequest) => {
  handle(request).then(
    ({ value, transfer }) => port.postMessage({ id: request.id, value } satisfies ThreadReply, transfer ?? []),
    (error) => port.postMessage({ id: request.id, error: plainError(error) } satisfies ThreadReply),
  );
});
