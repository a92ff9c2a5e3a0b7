import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { type MessageArea, type MessagesHandle, inAreas } from './i18n.ts';
import { messagesFor } from './i18n.server.ts';
import { de } from './messages/de.ts';
import routes from '#app/routes.ts';

const KEYS = Object.keys(de);
// Code that runs only on the server translates with the whole catalog.
const SERVER_ONLY = new Set(['loader', 'action', 'meta', 'headers', 'links', 'handle']);

function resolveImport(from: string, specifier: string): string | null {
  const file = specifier.startsWith('#app/')
    ? path.join('app', specifier.slice('#app/'.length))
    : specifier.startsWith('.')
      ? path.join(path.dirname(from), specifier)
      : null;
  return file && existsSync(file) ? file : null;
}

function isServerOnly(node: ts.Node): boolean {
  if (ts.isFunctionDeclaration(node)) return SERVER_ONLY.has(node.name?.text ?? '');
  return (
    ts.isVariableStatement(node) &&
    node.declarationList.declarations.some(
      (d) => ts.isIdentifier(d.name) && SERVER_ONLY.has(d.name.text),
    )
  );
}

/**
 * The catalog keys a module renders in the browser, with the components it imports: every
 * string literal that is a key (or the stem of a plural pair) and, for a template literal
 * such as `unit.${unit}`, every key under its fixed start.
 */
function keysRendered(file: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(file)) return found;
  seen.add(file);
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      if (node.importClause?.isTypeOnly) return;
      const target = resolveImport(file, (node.moduleSpecifier as ts.StringLiteral).text);
      if (target?.startsWith(path.join('app', 'components'))) {
        for (const key of keysRendered(target, seen)) found.add(key);
      }
      return;
    }
    if (isServerOnly(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (KEYS.includes(node.text)) found.add(node.text);
      for (const form of ['one', 'other']) {
        if (KEYS.includes(`${node.text}_${form}`)) found.add(`${node.text}_${form}`);
      }
    }
    if (ts.isTemplateExpression(node) && /^[a-z]+(\.[\w-]+)*\.$/.test(node.head.text)) {
      for (const key of KEYS) if (key.startsWith(node.head.text)) found.add(key);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

type RouteEntry = { file: string; children?: RouteEntry[] };

function pageFiles(entries: RouteEntry[]): string[] {
  return entries.flatMap((entry) => [
    ...(entry.file.endsWith('.tsx') ? [path.join('app', entry.file)] : []),
    ...pageFiles(entry.children ?? []),
  ]);
}

async function declaredAreas(file: string): Promise<readonly MessageArea[]> {
  const module = (await import(path.resolve(file))) as { handle?: MessagesHandle };
  return module.handle?.messageAreas ?? [];
}

function missingKeys(file: string, areas: readonly MessageArea[]): string[] {
  return [...keysRendered(file)].filter((key) => !inAreas(key, areas)).sort();
}

describe('messagesFor', () => {
  it('sends whole areas, single keys and plural pairs, and nothing else', () => {
    const part = messagesFor('en', ['search', 'home.title', 'listing.count']);
    expect(part).toEqual({
      'search.label': 'Search products',
      'search.placeholder': 'Search …',
      'search.submit': 'Search',
      'search.category_label': 'Category',
      'search.all_categories': 'All categories',
      'search.suggestions': 'Search suggestions',
      'search.loading': 'Searching …',
      'search.suggestions_count_one': '{count} suggestion, use the arrow keys to choose',
      'search.suggestions_count_other': '{count} suggestions, use the arrow keys to choose',
      'home.title': 'Welcome to {name}',
      'listing.count_one': '{count} product',
      'listing.count_other': '{count} products',
    });
  });

  it('does not take an area for the start of another one', () => {
    expect(Object.keys(messagesFor('de', ['nav.cart']))).toEqual(['nav.cart']);
  });
});

describe('per-page catalogs', () => {
  const files = [...new Set(pageFiles(routes as RouteEntry[]))];

  it('finds the page routes and the keys their components render', () => {
    expect(files).toEqual(expect.arrayContaining(['app/routes/home.tsx', 'app/routes/cart.tsx']));
    const product = keysRendered('app/routes/product.tsx');
    expect(product).toContain('product.add_to_cart');
    expect(product).toContain('compliance.nutrient.salt');
    expect(product).toContain('rating.count_one');
    // The loader's texts are rendered on the server and need not go to the browser.
    expect(keysRendered('app/routes/home.tsx')).not.toContain('shop.tagline');
  });

  it('the shell declares every key the root and its components render', async () => {
    expect(missingKeys('app/root.tsx', await declaredAreas('app/root.tsx'))).toEqual([]);
  });

  it('would notice a page that declared too little', async () => {
    const shell = await declaredAreas('app/root.tsx');
    expect(missingKeys('app/routes/product.tsx', shell)).toContain('compliance.title');
  });

  it.each(files)('%s declares every key it renders after hydration', async (file) => {
    const areas = [...(await declaredAreas('app/root.tsx')), ...(await declaredAreas(file))];
    expect(missingKeys(file, areas)).toEqual([]);
  });
});
