import { parseArgs } from "node:util";
import { createAuth } from "./auth/auth.js";
import { rotateSigningKeys } from "./auth/jwks-rotation.js";
import { type Config, ConfigError, loadConfig } from "./config.js";
import { openDatabase } from "./db/database.js";
import { migrate } from "./db/migrate.js";
import { createLogger } from "./logger.js";
import { createMailer } from "./mail/mailer.js";
import { resolveSecret } from "./secret.js";

const USAGE = `Usage:
  npm run cli -- migrate
  npm run cli -- create-admin --email E --password P --name N
  npm run cli -- rotate-jwks`;

class UsageError extends Error {}

async function withAuth<T>(config: Config, fn: (auth: ReturnType<typeof createAuth>) => Promise<T>): Promise<T> {
  const logger = createLogger("warn");
  const database = openDatabase(config.databaseURL);
  const auth = createAuth({
    config,
    database,
    mailer: createMailer({ ...config.mail, transport: "log", logger }),
    secret: resolveSecret(config.secret, config.dataDir),
    logger,
  });
  try {
    await migrate(database, auth.options, { membershipLimit: config.organization.membershipLimit });
    return await fn(auth);
  } finally {
    await database.close();
  }
}

/** Creates a verified admin, or promotes the existing user with that e-mail. */
async function createAdmin(config: Config, args: string[]) {
  const { values } = parseArgs({
    args,
    options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
    strict: true,
  });
  const email = values.email?.trim().toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError("--email must be an e-mail address");
  const { password } = values;
  if (!password) throw new UsageError("--password is required");
  if (password.length < config.password.min || password.length > config.password.max) {
    throw new UsageError(`--password must be ${config.password.min} to ${config.password.max} characters`);
  }
  const name = values.name?.trim() || email.split("@")[0] || email;

  await withAuth(config, async (auth) => {
    const ctx = await auth.$context;
    const existing = await ctx.internalAdapter.findUserByEmail(email);
    if (existing) {
      await ctx.internalAdapter.updateUser(existing.user.id, { role: "admin", emailVerified: true });
      console.log(`Promoted ${email} to admin (id ${existing.user.id}); the password was not changed.`);
      return;
    }
    const { user } = await auth.api.createUser({ body: { email, password, name, role: "admin" } });
    await ctx.internalAdapter.updateUser(user.id, { emailVerified: true });
    console.log(`Created admin ${email} (id ${user.id}).`);
  });
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const config = loadConfig(process.env);
  if (command === "migrate") {
    const applied = await withAuth(config, async () => []);
    console.log(
      `Database is up to date (${config.databaseURL.startsWith("file:") ? "SQLite" : "PostgreSQL"}).`,
      applied.join(", "),
    );
    return;
  }
  if (command === "create-admin") return createAdmin(config, rest);
  if (command === "rotate-jwks") {
    // Tokens signed by the old key still verify: it stays in the JWKS until they have expired.
    const { created, retired } = await withAuth(config, rotateSigningKeys);
    console.log(
      `New signing key ${created}; retired ${retired.length ? retired.join(", ") : "none"} (still published until their tokens expire).`,
    );
    return;
  }
  throw new UsageError(command ? `Unknown command "${command}"` : "No command given");
}

main(process.argv.slice(2)).catch((error) => {
  if (
    error instanceof UsageError ||
    (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS"))
  ) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(64);
  }
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  console.error(error);
  process.exit(1);
});
