// The shop's architecture check: import cycles at runtime, imports against the declared order
// of domain concepts, and hand-written modules over the size limit.
// By hand: npm run architecture (add --graph for the concept graph).
// The order is explained in docs/decisions/0034-order-of-domain-concepts.md.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/**
 * The domain concepts from the bottom up. A concept may import concepts of earlier layers only;
 * concepts of one layer do not import each other.
 */
export const CONCEPT_LAYERS: readonly (readonly string[])[] = [
  ['kernel'],
  ['settings', 'sessions'],
  ['audit'],
  ['webhooks'],
  ['customers', 'legal', 'social'],
  ['pricing'],
  ['media', 'api-keys', 'staff'],
  ['compliance', 'forms'],
  ['catalog'],
  ['search'],
  ['coupons', 'shipping'],
  ['cart'],
  ['orders'],
  ['attribution', 'payments', 'reviews'],
  ['invoices', 'reports'],
  ['subscriptions'],
  ['checkout', 'privacy'],
];

export const SIZE_LIMIT = 500;
/** Where runtime import cycles are looked for. */
export const CYCLE_ROOTS = ['app', 'server', 'db', 'sandbox'];
/** Where module sizes are measured. */
export const SIZE_ROOTS = ['app', 'server', 'db', 'scripts', 'sandbox', 'tests'];
/** Long by nature, not by design: message catalogs, legal texts, seed and fixture data. */
export const SIZE_EXEMPT: readonly RegExp[] = [
  /^app\/lib\/messages\//,
  /^app\/content\/legal\.ts$/,
  /^db\/seed\//,
  /^tests\/bench\/catalog-fixture\.ts$/,
];
/** Generated or installed trees: never read. */
const SKIPPED_DIRS = new Set(['node_modules', 'build', 'data', '.react-router', 'test-results']);
const CODE_FILE = /\.(ts|tsx|mts|mjs|js)$/;
const DOMAIN = /^app\/domain\/([^/]+)\//;

export type ImportKind = 'runtime' | 'type' | 'lazy';
export type ImportRef = { specifier: string; kind: ImportKind };
export type Edge = { from: string; to: string; kind: ImportKind };
export type Graph = { files: string[]; edges: Edge[] };

/** Every import and re-export of one module, with whether it is needed at runtime. */
export function readImports(source: string, fileName = 'module.ts'): ImportRef[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    false,
    scriptKind(fileName),
  );
  const found: ImportRef[] = [];
  const literal = (node: ts.Node | undefined) =>
    node && ts.isStringLiteralLike(node) ? node.text : undefined;
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const specifier = literal(node.moduleSpecifier);
      if (specifier) found.push({ specifier, kind: importKind(node.importClause) });
    } else if (ts.isExportDeclaration(node)) {
      const specifier = literal(node.moduleSpecifier);
      if (specifier) found.push({ specifier, kind: exportKind(node) });
    } else if (ts.isImportEqualsDeclaration(node)) {
      if (ts.isExternalModuleReference(node.moduleReference)) {
        const specifier = literal(node.moduleReference.expression);
        if (specifier) found.push({ specifier, kind: node.isTypeOnly ? 'type' : 'runtime' });
      }
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      const specifier = ts.isLiteralTypeNode(argument) ? literal(argument.literal) : undefined;
      if (specifier) found.push({ specifier, kind: 'type' });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const specifier = literal(node.arguments[0]);
      if (specifier) found.push({ specifier, kind: 'lazy' });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function scriptKind(fileName: string) {
  if (fileName.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (/\.m?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

function importKind(clause: ts.ImportClause | undefined): ImportKind {
  if (!clause) return 'runtime'; // import './x' runs x
  if (clause.isTypeOnly) return 'type';
  if (clause.name) return 'runtime';
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0) {
    return bindings.elements.every((element) => element.isTypeOnly) ? 'type' : 'runtime';
  }
  return 'runtime';
}

function exportKind(node: ts.ExportDeclaration): ImportKind {
  if (node.isTypeOnly) return 'type';
  const clause = node.exportClause;
  if (clause && ts.isNamedExports(clause) && clause.elements.length > 0) {
    return clause.elements.every((element) => element.isTypeOnly) ? 'type' : 'runtime';
  }
  return 'runtime';
}

/** Every code file under the given roots, as paths relative to `root` with forward slashes. */
export function listFiles(root: string, roots: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(child);
      } else if (CODE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(child);
      }
    }
  };
  for (const top of roots) {
    if (existsSync(path.join(root, top))) walk(top);
  }
  return files.sort();
}

/** The `#name/*` aliases of package.json's "imports", as prefix -> folder. */
function aliases(root: string): [string, string][] {
  const manifest = path.join(root, 'package.json');
  if (!existsSync(manifest)) return [];
  const imports = (JSON.parse(readFileSync(manifest, 'utf8')) as { imports?: object }).imports;
  return Object.entries(imports ?? {}).flatMap(([key, target]) =>
    typeof target === 'string' && key.endsWith('*') && target.endsWith('*')
      ? [[key.slice(0, -1), target.slice(0, -1).replace(/^\.\//, '')] as [string, string]]
      : [],
  );
}

function resolver(root: string) {
  const prefixes = aliases(root);
  const isFile = (relative: string) => {
    const full = path.join(root, relative);
    return existsSync(full) && statSync(full).isFile();
  };
  return (from: string, specifier: string): string | undefined => {
    let target: string | undefined;
    if (specifier.startsWith('.')) {
      target = path.posix.join(path.posix.dirname(from), specifier);
    } else {
      const alias = prefixes.find(([prefix]) => specifier.startsWith(prefix));
      if (alias) target = alias[1] + specifier.slice(alias[0].length);
    }
    if (target === undefined) return undefined; // a package
    target = target.replace(/\?.*$/, '');
    const candidates = [target, ...['.ts', '.tsx', '/index.ts'].map((end) => target + end)];
    const found = candidates.find(isFile);
    return found && CODE_FILE.test(found) ? found : undefined;
  };
}

/** The import graph between the code files under `roots`. */
export function buildGraph(root: string, roots: readonly string[] = CYCLE_ROOTS): Graph {
  const files = listFiles(root, roots);
  const resolve = resolver(root);
  const edges: Edge[] = [];
  for (const file of files) {
    const source = readFileSync(path.join(root, file), 'utf8');
    for (const { specifier, kind } of readImports(source, file)) {
      const to = resolve(file, specifier);
      if (to && to !== file) edges.push({ from: file, to, kind });
    }
  }
  return { files, edges };
}

/** One group of files that import each other at runtime, and one cycle through it. */
export type Cycle = { files: string[]; path: string[] };

/**
 * Files that import each other, directly or around, through static runtime imports. Type-only
 * imports vanish when compiled and `import()` waits until it is called, so neither counts.
 */
export function findCycles(graph: Graph): Cycle[] {
  const next = new Map<string, string[]>();
  for (const edge of graph.edges) {
    if (edge.kind !== 'runtime') continue;
    const list = next.get(edge.from) ?? [];
    if (!list.includes(edge.to)) list.push(edge.to);
    next.set(edge.from, list);
  }
  return stronglyConnected(graph.files, next)
    .filter((group) => group.length > 1)
    .map((group) => ({ files: [...group].sort(), path: shortestCycle(group, next) }))
    .sort((a, b) => a.files[0]!.localeCompare(b.files[0]!));
}

// Tarjan's algorithm, iterative so that deep import chains cannot overflow the stack.
function stronglyConnected(nodes: string[], next: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  for (const start of nodes) {
    if (index.has(start)) continue;
    const work: { node: string; child: number }[] = [{ node: start, child: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const children = next.get(frame.node) ?? [];
      if (frame.child < children.length) {
        const child = children[frame.child++]!;
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter++);
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, child: 0 });
        } else if (onStack.has(child)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        groups.push(group);
      }
    }
  }
  return groups;
}

// The shortest way round from the group's first file back to itself (breadth first).
function shortestCycle(group: string[], next: Map<string, string[]>): string[] {
  const members = new Set(group);
  const start = [...group].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const child of next.get(node) ?? []) {
      if (!members.has(child)) continue;
      if (child === start) {
        const way: string[] = [];
        for (let at = node; at !== start; at = previous.get(at)!) way.unshift(at);
        return [start, ...way, start];
      }
      if (!previous.has(child)) {
        previous.set(child, node);
        queue.push(child);
      }
    }
  }
  return [start];
}

/** The concept a file belongs to (`app/domain/<concept>/`), if any. */
export function conceptOf(file: string): string | undefined {
  return DOMAIN.exec(file)?.[1];
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Imports between concepts, of every kind, by the modules of the concepts (not their tests). */
export function conceptEdges(graph: Graph): Map<string, Edge[]> {
  const byPair = new Map<string, Edge[]>();
  for (const edge of graph.edges) {
    const from = conceptOf(edge.from);
    const to = conceptOf(edge.to);
    if (!from || !to || from === to || isTest(edge.from)) continue;
    const key = `${from} -> ${to}`;
    byPair.set(key, [...(byPair.get(key) ?? []), edge]);
  }
  return new Map([...byPair].sort(([a], [b]) => a.localeCompare(b)));
}

export type BackEdge = { from: string; to: string; edges: Edge[] };

/** Concept imports that do not go to an earlier layer, and concepts the layers do not name. */
export function findBackEdges(
  graph: Graph,
  layers: readonly (readonly string[])[] = CONCEPT_LAYERS,
): { backEdges: BackEdge[]; undeclared: string[] } {
  const layerOf = new Map(layers.flatMap((layer, at) => layer.map((name) => [name, at] as const)));
  const concepts = new Set(graph.files.map(conceptOf).filter((name) => name !== undefined));
  const undeclared = [...concepts].filter((name) => !layerOf.has(name)).sort();
  const backEdges: BackEdge[] = [];
  for (const [key, edges] of conceptEdges(graph)) {
    const [from, to] = key.split(' -> ') as [string, string];
    const fromLayer = layerOf.get(from);
    const toLayer = layerOf.get(to);
    if (fromLayer === undefined || toLayer === undefined) continue;
    if (toLayer >= fromLayer) backEdges.push({ from, to, edges });
  }
  return { backEdges, undeclared };
}

export type LargeModule = { file: string; lines: number };

/** Hand-written modules longer than the limit. */
export function findLargeModules(
  root: string,
  roots: readonly string[] = SIZE_ROOTS,
  limit = SIZE_LIMIT,
): LargeModule[] {
  return listFiles(root, roots)
    .filter((file) => !SIZE_EXEMPT.some((pattern) => pattern.test(file)))
    .map((file) => ({ file, lines: lineCount(readFileSync(path.join(root, file), 'utf8')) }))
    .filter(({ lines }) => lines > limit);
}

function lineCount(text: string): number {
  if (text === '') return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

export type Findings = {
  cycles: Cycle[];
  backEdges: BackEdge[];
  undeclared: string[];
  largeModules: LargeModule[];
};

export function checkArchitecture(root: string): Findings {
  const graph = buildGraph(root);
  return {
    cycles: findCycles(graph),
    ...findBackEdges(graph),
    largeModules: findLargeModules(root),
  };
}

/**
 * One stable line per finding, the unit a list of known findings holds: each file caught in a
 * cycle, each pair of concepts imported against the order, each concept without a layer, each
 * long module.
 */
export function findingKeys(findings: Findings): string[] {
  return [
    ...findings.cycles.flatMap((cycle) => cycle.files.map((file) => `cycle: ${file}`)),
    ...findings.backEdges.map((edge) => `back edge: ${edge.from} -> ${edge.to}`),
    ...findings.undeclared.map((name) => `no layer: ${name}`),
    ...findings.largeModules.map((module) => `size: ${module.file}`),
  ];
}

export function formatFindings(findings: Findings): string {
  const out: string[] = [];
  for (const cycle of findings.cycles) {
    out.push(`Import cycle between ${cycle.files.length} files:`);
    out.push(...cycle.files.map((file) => `  ${file}`));
    out.push(`  for example: ${cycle.path.join('\n    -> ')}`);
  }
  for (const edge of findings.backEdges) {
    out.push(`Back edge ${edge.from} -> ${edge.to}:`);
    out.push(...edge.edges.map((e) => `  ${e.from} -> ${e.to} (${e.kind})`));
  }
  for (const name of findings.undeclared) out.push(`Concept without a layer: ${name}`);
  for (const module of findings.largeModules) {
    out.push(`Over ${SIZE_LIMIT} lines: ${module.file} (${module.lines})`);
  }
  return out.join('\n');
}

export function formatConceptGraph(graph: Graph): string {
  return [...conceptEdges(graph)]
    .map(([pair, edges]) => {
      const kinds = [...new Set(edges.map((edge) => edge.kind))].join(', ');
      return `${pair}  (${edges.length} imports: ${kinds})`;
    })
    .join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = process.cwd();
  if (process.argv.includes('--graph')) {
    console.log(formatConceptGraph(buildGraph(root)) + '\n');
  }
  const findings = checkArchitecture(root);
  const keys = findingKeys(findings);
  console.log(keys.length ? formatFindings(findings) : 'No findings.');
  process.exitCode = keys.length ? 1 : 0;
}
