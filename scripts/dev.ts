// `npm run dev`: development mode. The API server (Fastify, readable log lines) on PORT (3000),
// and Vite's dev server on VITE_PORT (5173) for the client, with hot module replacement, passing
// /api through to the API server. Open the Vite address; PUBLIC_URL defaults to it, so links the
// server prints or emails (the first-owner setup link) open the dev client.
//
// The client is served by Vite straight from src/client, never from dist/: nothing is built.
// Server code is not reloaded on change: stop (Ctrl+C) and run again.
import { createServer } from "vite";
import { loadDotEnv } from "../src/server/config";

loadDotEnv();
const apiPort = Number(process.env.PORT || 3000);
const vitePort = Number(process.env.VITE_PORT || 5173);
process.env.NODE_ENV ||= "development";
process.env.LOG_FORMAT ||= "pretty";
process.env.PUBLIC_URL ||= `http://localhost:${vitePort}`;
process.env.PORT = String(apiPort);

const vite = await createServer({
  server: {
    port: vitePort,
    strictPort: true,
    proxy: { "/api": `http://127.0.0.1:${apiPort}` },
  },
});
await import("../src/server/main");
await vite.listen();
console.log(`\nDevelopment client (hot reload): http://localhost:${vitePort}  API: http://localhost:${apiPort}\n`);
