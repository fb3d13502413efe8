import { defineConfig } from "vite";

export default defineConfig({
  publicDir: false,
  logLevel: "warn",
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
        entryFileNames: "main.js",
        minify: { compress: false, mangle: false, codegen: { removeWhitespace: true, asciiOnly: true } },
      },
    },
  },
});
