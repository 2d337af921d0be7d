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
    rolldownOptions: {
      // The app (every page) and the landing page's own, lighter entry (decision 022), which loads
      // the landing page's interactive parts (landing-main.tsx) once the page is painted. The server
      // render (`vite build --ssr entry-server.tsx`) names its own input instead.
      input: { index: client("index.html"), landing: client("landing-boot.ts") },
      output: {
        codeSplitting: {
          // Modules both entries can reach would otherwise be split into many small chunks (each
          // costs its own request and compresses worse): React in one chunk both entries load, and
          // what the app's entry shares with the landing page's lazily loaded forms in another.
          groups: [
            { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            {
              name: "app-core",
              test: /[\\/](node_modules[\\/]@tanstack[\\/]|src[\\/]client[\\/]lib[\\/](query-client|api-request|use-toast)\.|src[\\/]client[\\/]components[\\/]ui[\\/](toast|button)\.)/,
              priority: 1,
              // Only these modules: a dependency they share with the landing entry (cn) stays out.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
});
