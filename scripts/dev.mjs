// `npm run dev`: the server with reload on change, and Vite with hot reload proxying /api to it.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";

const envFile = existsSync(".env") ? ["--env-file=.env"] : [];

const children = [
  spawn(process.execPath, [...envFile, "--import", "tsx", "--watch", "src/server/main.ts"], { stdio: "inherit" }),
  spawn("npx", ["vite"], {
    stdio: "inherit",
    env: { ...process.env, TESSERA_API_URL: `http://127.0.0.1:${process.env.PORT ?? 3000}` },
  }),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children) c.on("exit", (code) => code && stop());
