/**
 * No import cycles in src/ (type-only imports included): a module graph with a cycle has no order in
 * which each file can be read on its own, and a value import in a cycle can see `undefined` at start.
 * Part of `npm run lint`. Relative imports and the aliases of tsconfig.json `paths` ("@/shared/…" is
 * src/shared/…, any other "@/…" is src/web/…); packages cannot import us back.
 *
 *   npx tsx scripts/check-cycles.ts [root ...]      (default: src)
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const SOURCE = /\.(ts|tsx)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : filesUnder(path);
    return SOURCE.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/**
 * tsconfig.json's `paths` as prefix → folder ("@/" → "<repo>/src/web/"): only `prefix/*` → [`folder/*`] forms.
 * Longest prefix first: like TypeScript and Vite, "@/shared/x" takes "@/shared/*" whatever the order in the file.
 */
function pathAliases(tsconfig = "tsconfig.json"): [prefix: string, folder: string][] {
  const { config, error } = ts.readConfigFile(tsconfig, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, "\n"));
  const paths: Record<string, string[]> = config?.compilerOptions?.paths ?? {};
  return Object.entries(paths)
    .map(([pattern, [target]]): [string, string] => {
      if (!pattern.endsWith("/*") || !target?.endsWith("/*")) throw new Error(`Unsupported paths entry ${pattern}`);
      return [pattern.slice(0, -1), `${resolve(dirname(tsconfig), target.slice(0, -1))}/`];
    })
    .sort(([a], [b]) => b.length - a.length);
}

const ALIASES = pathAliases();

/** A specifier as a path: relative to the importing file, or through an alias; undefined for a package. */
function specifierPath(from: string, specifier: string): string | undefined {
  if (specifier.startsWith(".")) return resolve(dirname(from), specifier);
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
  return alias ? alias[1] + specifier.slice(alias[0].length) : undefined;
}

/** The file a specifier names: `./x.js` is `./x.ts` or `./x.tsx` on disk, or a folder's index. */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = specifierPath(from, specifier);
  if (base === undefined) return undefined;
  const stem = base.replace(/\.(js|jsx|mjs)$/, "");
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  return candidates.find((c) => SOURCE.test(c) && existsSync(c) && statSync(c).isFile());
}

export function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = importedFiles
      .map((i) => resolveImport(file, i.fileName))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Each cycle once, as the files along it (Tarjan's strongly connected components of more than one file, or a self-import). */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    order.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, order.get(next) as number));
      }
    }
    if (low.get(node) === order.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) components.push(component.reverse());
    }
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return components;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const roots = process.argv.slice(2);
  const files = (roots.length ? roots : ["src"]).flatMap((root) => filesUnder(resolve(root)));
  const cycles = cyclesOf(importGraph(files));
  if (cycles.length) {
    console.error(`Import cycles (${cycles.length}):`);
    for (const cycle of cycles) console.error(`  ${cycle.map((f) => relative(process.cwd(), f)).join(" -> ")}`);
    process.exit(1);
  }
  console.log(`No import cycles among ${files.length} files.`);
}
