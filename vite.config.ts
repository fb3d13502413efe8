import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiTarget = process.env.TESSERA_API_URL ?? "http://127.0.0.1:3000";

export default defineConfig({
  root: "src/web",
  plugins: [react(), tailwindcss()],
  // The manifest lets bench/web-size.ts follow exactly what the sign-in route loads.
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // Everything the entry (with the sign-in screen) needs in one file rather than a dozen shared
    // slivers: fewer round trips and less per-file gzip overhead (docs/decisions/005-web-app.md).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: "initial", tags: ["$initial"] }] } } },
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: apiTarget, changeOrigin: false }, "/healthz": apiTarget, "/readyz": apiTarget },
  },
});
