/** The messages between the server's thread (pglite-thread.ts) and the database thread (pglite-thread-worker.ts). */
export type ThreadRequest = { id: number } & (
  | { op: "open"; dataDir?: string; loadDataDir?: ArrayBuffer }
  | {
      op: "query";
      database: number;
      transaction?: number;
      text: string;
      params?: unknown[];
      rowMode?: "array" | "object";
      /** Column types returned as the engine's text, for the caller's own parsers. */
      rawTypes?: number[];
    }
  | { op: "exec"; database: number; transaction?: number; text: string }
  | { op: "named"; database: number; name: string; text: string; values: unknown[] }
  | { op: "begin"; database: number }
  | { op: "end"; database: number; transaction: number; commit: boolean }
  | { op: "dump"; database: number }
  | { op: "close"; database: number }
);

export type ThreadReply = { id: number } & ({ value: unknown; error?: undefined } | { error: Record<string, unknown> });
