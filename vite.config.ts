import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const client = (file: string) => fileURLToPath(new URL(`src/client/${file}`, import.meta.url));

/**
 * `npm run build` builds the client twice into one folder (decision 024): CLIENT_BUILD=landing is
 * the landing page's own entry (landing-boot.ts, decision 022) on React, which its server render
 * and late hydration depend on; CLIENT_BUILD=app is every other page (index.html) on preact/compat,
 * the same React code on a 4 KB runtime instead of React DOM's 60 KB. Unset (the dev server, the
 * tests): both entries on React.
 */
const target = process.env.CLIENT_BUILD as "landing" | "app" | undefined;

/** React's module names, resolved to preact/compat in the app build. */
const preactAliases = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-runtime" },
];

const inputs = {
  landing: { landing: client("landing-boot.ts") },
  app: { index: client("index.html") },
  both: { index: client("index.html"), landing: client("landing-boot.ts") },
};

export default defineConfig({
  root: "src/client",
  plugins: [react(), tailwindcss()],
  resolve: target === "app" ? { alias: preactAliases } : {},
  build: {
    outDir: "../../dist/client",
    // The landing build adds to the app build's folder (scripts/build.ts runs it second).
    emptyOutDir: target !== "landing",
    assetsDir: "assets",
    rolldownOptions: {
      input: inputs[target ?? "both"],
      output: {
        codeSplitting: {
          // Modules several chunks reach would otherwise be split into many small chunks (each
          // costs its own request and compresses worse): the runtime (React or Preact) in one
          // chunk, and what the app's entry shares with the landing page's lazily loaded forms in
          // another.
          groups: [
            {
              name: "react",
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|preact)[\\/]/,
              priority: 2,
            },
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
