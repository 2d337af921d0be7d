// The physical limit of "store it durably", for the public POST benchmark: Fastify with the app's
// body limit and one route that stores the request in exactly one INSERT, its own transaction
// (autocommit: one statement, one durable commit, nothing else), on the same kind of database as
// the app: the same PostgreSQL database (DATABASE_URL) or a PGlite data directory on the same disk
// (DATA_DIR; the app's own is locked by the app). Started by bench/lib/server.ts.
import Fastify from "fastify";
import { bodyLimitBytes } from "../../src/server/app";
import { openDatabase } from "../../src/server/db/client";

export const baselineTable = "bench_baseline_insert";

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? "memory://",
});
await database.executor.executeSql(
  `create table if not exists ${baselineTable} (
     id uuid primary key default gen_random_uuid(),
     email text not null,
     body jsonb not null,
     created_at timestamptz not null default now()
   )`,
  [],
);
const insert = `insert into ${baselineTable} (email, body) values ($1, $2) returning id`;

const app = Fastify({ logger: false, bodyLimit: bodyLimitBytes });
app.get("/healthz", async () => ({ status: "ok" }));
app.post("/baseline", async (request, reply) => {
  const body = request.body as { email?: unknown };
  const { rows } = await database.executor.executeSql(insert, [String(body.email ?? ""), JSON.stringify(body)]);
  return reply.status(201).send({ success: true, id: (rows[0] as { id: string }).id });
});

process.on("SIGTERM", () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? "127.0.0.1" });
