// The baseline for the public POST benchmark: Fastify with its defaults and the app's body limit,
// one route that parses the JSON body and answers, no database. Started by bench/lib/server.ts.
import Fastify from "fastify";
import { bodyLimitBytes } from "../../src/server/app";

const app = Fastify({ logger: false, bodyLimit: bodyLimitBytes });
app.get("/healthz", async () => ({ status: "ok" }));
app.post("/bare", async (request) => ({ success: true, fields: Object.keys(request.body as object).length }));

process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? "127.0.0.1" });
