import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const client = (file: string) => fileURLToPath(new URL(`src/client/${file}`, import.meta.url));

export default defineConfig({
  root: "src/client",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    assetsDir: "assets",
    rollupOptions: {
      // The app (every page) and the landing page's own, lighter entry (decision 022). The server
      // render (`vite build --ssr entry-server.tsx`) names its own input instead.
      input: { index: client("index.html"), landing: client("landing-main.tsx") },
    },
  },
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
});
