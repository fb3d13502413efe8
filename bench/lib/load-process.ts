// Runs one load (bench/lib/load.ts) in a process of its own and prints the result as JSON. A
// latency probe sharing the load generator's process would time that process's own event loop too.
import { type LoadOptions, load } from "./load.js";

const [url, options] = process.argv.slice(2);
const result = await load(url as string, JSON.parse(options as string) as LoadOptions);
process.stdout.write(`${JSON.stringify(result)}\n`);
