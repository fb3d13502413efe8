import { defineConfig, type Plugin } from "vite";

/**
 * Node reads the bundle as UTF-8 and holds a script with any non-ASCII byte as UTF-16: one such character
 * doubles main.js's 4 MB in memory for good (docs/operations.md "Memory"). The code generator escapes
 * non-ASCII text in strings (asciiOnly) but not in template literals, whose raw text a tag may read; so a
 * build that still holds some is refused, naming where (write `\u00B7` in the template instead).
 */
function asciiOnly(): Plugin {
  return {
    name: "tessera:ascii-only",
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        const at = chunk.code.search(/[^\0-\x7f]/);
        if (at < 0) continue;
        const around = chunk.code.slice(Math.max(0, at - 60), at + 20);
        this.error(`${chunk.fileName}: non-ASCII text in the server bundle, escape it in the source: ${around}`);
      }
    },
  };
}

export default defineConfig({
  publicDir: false,
  logLevel: "warn",
  plugins: [asciiOnly()],
  ssr: { noExternal: true, external: ["better-sqlite3", "pg", "ioredis", "pino", "nodemailer"] },
  build: {
    ssr: "src/server/main.ts",
    outDir: "dist/server",
    emptyOutDir: true,
    target: "node22",
    minify: false,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // main.js (src/server/main.ts); the tests' CLI bundle is cli.js (tests/helpers/server-bundle.ts).
        entryFileNames: "[name].js",
        minify: { compress: false, mangle: false, codegen: { removeWhitespace: true, asciiOnly: true } },
      },
    },
  },
});
