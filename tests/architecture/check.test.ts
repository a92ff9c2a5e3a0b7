// The architecture check on small made-up trees, so that it cannot pass by finding nothing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildGraph,
  checkArchitecture,
  findBackEdges,
  findCycles,
  findLargeModules,
  findingKeys,
  readImports,
} from '../../scripts/architecture.ts';

const roots: string[] = [];

/** A project in a temporary folder: path -> file text, with the shop's `#app/*` alias. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'architecture-'));
  roots.push(root);
  const all = { 'package.json': JSON.stringify({ imports: { '#app/*': './app/*' } }), ...files };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const lines = (n: number) =>
  Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('reading imports', () => {
  it('tells runtime imports from type-only ones and lazy ones', () => {
    const found = readImports(`
      import a from './a.ts';
      import './side-effect.ts';
      import type { B } from './b.ts';
      import { type C, type D } from './c.ts';
      import { type E, f } from './e.ts';
      export { g } from './g.ts';
      export type { H } from './h.ts';
      export * from './star.ts';
      type I = typeof import('./i.ts');
      const j = () => import('./j.ts');
    `);
    expect(found).toEqual([
      { specifier: './a.ts', kind: 'runtime' },
      { specifier: './side-effect.ts', kind: 'runtime' },
      { specifier: './b.ts', kind: 'type' },
      { specifier: './c.ts', kind: 'type' },
      { specifier: './e.ts', kind: 'runtime' },
      { specifier: './g.ts', kind: 'runtime' },
      { specifier: './h.ts', kind: 'type' },
      { specifier: './star.ts', kind: 'runtime' },
      { specifier: './i.ts', kind: 'type' },
      { specifier: './j.ts', kind: 'lazy' },
    ]);
  });
});

describe('import cycles', () => {
  it('finds files that import each other at runtime, through the alias too', () => {
    const root = tree({
      'app/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'app/b.ts': "import { c } from '#app/c.ts';\nexport const b = c;\n",
      'app/c.ts': "import { a } from './a.ts';\nexport const c = a;\n",
      'app/d.ts': "import { a } from './a.ts';\nexport const d = a;\n",
    });
    const cycles = findCycles(buildGraph(root));
    expect(cycles).toEqual([
      {
        files: ['app/a.ts', 'app/b.ts', 'app/c.ts'],
        path: ['app/a.ts', 'app/b.ts', 'app/c.ts', 'app/a.ts'],
      },
    ]);
    expect(findingKeys(checkArchitecture(root))).toEqual([
      'cycle: app/a.ts',
      'cycle: app/b.ts',
      'cycle: app/c.ts',
    ]);
  });

  it('ignores a cycle closed by a type-only import or a lazy import', () => {
    const root = tree({
      'app/a.ts': "import type { B } from './b.ts';\nexport type A = B;\nexport const a = 1;\n",
      'app/b.ts': "import { a } from './a.ts';\nexport type B = number;\nexport const b = a;\n",
      'app/c.ts': "import { type D } from './d.ts';\nexport const c = 1 as D;\n",
      'app/d.ts': "import { c } from './c.ts';\nexport type D = number;\nexport const d = c;\n",
      'app/e.ts': "export const e = () => import('./f.ts');\n",
      'app/f.ts': "import { e } from './e.ts';\nexport const f = e;\n",
    });
    expect(findCycles(buildGraph(root))).toEqual([]);
  });
});

describe('the order of domain concepts', () => {
  const layers = [['kernel'], ['coupons', 'shipping'], ['cart'], ['orders']];

  it('finds an import of a later concept, type-only imports included', () => {
    const root = tree({
      'app/domain/cart/cart.server.ts':
        "import type { Order } from '#app/domain/orders/orders.ts';\nexport type C = Order;\n",
      'app/domain/orders/orders.ts': 'export type Order = { id: number };\n',
    });
    const { backEdges } = findBackEdges(buildGraph(root), layers);
    expect(backEdges.map((e) => `${e.from} -> ${e.to}`)).toEqual(['cart -> orders']);
    expect(backEdges[0]!.edges).toEqual([
      { from: 'app/domain/cart/cart.server.ts', to: 'app/domain/orders/orders.ts', kind: 'type' },
    ]);
  });

  it('finds concepts of one layer importing each other', () => {
    const root = tree({
      'app/domain/coupons/coupons.ts':
        "import { rate } from '../shipping/shipping.ts';\nexport const c = rate;\n",
      'app/domain/shipping/shipping.ts': 'export const rate = 1;\n',
    });
    const { backEdges } = findBackEdges(buildGraph(root), layers);
    expect(backEdges.map((e) => `${e.from} -> ${e.to}`)).toEqual(['coupons -> shipping']);
  });

  it('lets a concept import earlier ones, and its tests import anything', () => {
    const root = tree({
      'app/domain/kernel/result.ts': 'export const ok = 1;\n',
      'app/domain/cart/cart.ts':
        "import { ok } from '#app/domain/kernel/result.ts';\nexport const cart = ok;\n",
      'app/domain/cart/cart.test.ts':
        "import { order } from '#app/domain/orders/orders.ts';\nexport const t = order;\n",
      'app/domain/orders/orders.ts':
        "import { cart } from '#app/domain/cart/cart.ts';\nexport const order = cart;\n",
    });
    expect(findBackEdges(buildGraph(root), layers)).toEqual({ backEdges: [], undeclared: [] });
  });

  it('names a concept the layers leave out', () => {
    const root = tree({ 'app/domain/loyalty/points.ts': 'export const points = 0;\n' });
    expect(findBackEdges(buildGraph(root), layers).undeclared).toEqual(['loyalty']);
  });
});

describe('module size', () => {
  it('finds a module of 501 lines and lets one of 500 pass', () => {
    const root = tree({
      'app/long.ts': lines(501),
      'app/fits.ts': lines(500),
      'tests/long.test.ts': lines(600),
      'app/lib/messages/de.ts': lines(900),
      'app/.react-router/types.ts': lines(900),
    });
    expect(findLargeModules(root)).toEqual([
      { file: 'app/long.ts', lines: 501 },
      { file: 'tests/long.test.ts', lines: 600 },
    ]);
  });
});
