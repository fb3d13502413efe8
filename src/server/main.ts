import type { Server } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError, loadConfig } from "./config.js";
import { startServer } from "./server.js";

const webRoot = join(dirname(fileURLToPath(import.meta.url)), "../../dist/web");

try {
  const config = loadConfig(process.env);
  const running = await startServer(config, { webRoot });
  running.logger.info(
    { baseURL: config.baseURL, database: running.database.dialect, mail: config.mail.transport },
    "Tessera is listening",
  );
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      running.logger.info({ signal }, "draining");
      // Keep-alive sockets would hold close() open; idle ones go now, busy ones after their response.
      (running.server as Server).closeIdleConnections();
      running.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  throw error;
}
