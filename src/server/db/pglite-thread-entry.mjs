// The database thread's entry (pglite-thread.ts): Node 20 does not run a worker's `--import tsx`
// before its first module, so the thread registers tsx itself and then loads its TypeScript.
import { register } from "tsx/esm/api";

register();
await import("./pglite-thread-worker.ts");
