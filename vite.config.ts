import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const apiTarget = process.env.TESSERA_API_URL ?? "http://127.0.0.1:3000";

/**
 * Brotli (quality 11) and gzip (level 9) copies of every script and stylesheet next to it, made once
 * at build time: the server sends the smallest the browser accepts (src/server/app.ts, serveStatic
 * `precompressed`). Brotli 11 is about 14 % smaller than what on-the-fly gzip sends, too slow per request.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "tessera-precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const assets = join(outDir, "assets");
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css)$/.test(name)) continue;
        const body = readFileSync(join(assets, name));
        if (body.length < 256) continue;
        const br = brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [constants.BROTLI_PARAM_LGWIN]: 24,
          },
        });
        writeFileSync(join(assets, `${name}.br`), br);
        writeFileSync(join(assets, `${name}.gz`), gzipSync(body, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: "src/web",
  plugins: [react(), tailwindcss(), precompress()],
  // "@/…" is src/web/…, "@/shared/…" src/shared/… (tsconfig.json paths, the one place the alias is defined).
  resolve: { tsconfigPaths: true },
  // The manifest lets bench/web-size.ts follow exactly what the sign-in route loads.
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // Every browser the app supports has modulepreload; the polyfill would be bytes on every first visit.
    modulePreload: { polyfill: false },
    // Everything the entry (with the sign-in screen) needs in one file rather than a dozen shared
    // slivers: fewer round trips and less per-file gzip overhead (docs/decisions/005-web-app.md).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: "initial", tags: ["$initial"] }] } } },
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: apiTarget, changeOrigin: false }, "/healthz": apiTarget, "/readyz": apiTarget },
  },
});
