// JavaScript a page makes the browser download before it is interactive: the scripts and
// module preloads in its HTML, the modules its inline bootstrap imports, and (to catch chunks
// nobody preloads) the static imports of those files. Lazy `import()` inside chunks is left out.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const LINK = /<link\b[^>]*>/gi;
// `import "x"`, `import x from "x"`, `import * as x from "x"`, `import {a} from "x"`, `import("x")`.
const INLINE_IMPORT = /\bimport\s*(?:\(\s*)?(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g;
// Minified static imports between chunks: `import{a as b}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`.
const CHUNK_IMPORT = /(?:\bfrom|\bimport)\s*["']((?:\.{1,2}\/|\/assets\/)[^"']+\.js)["']/g;

const attr = (attrs, name) =>
  new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(attrs)?.[1];

/** Asset paths (`/assets/…`) the HTML references directly. */
export function scriptsOfPage(html, pageUrl) {
  const found = new Set();
  const add = (ref) => {
    const { pathname } = new URL(ref, pageUrl);
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) found.add(pathname);
  };
  for (const [, attrs, body] of html.matchAll(SCRIPT)) {
    if (!/\btype\s*=\s*["']?module/i.test(attrs)) continue;
    const src = attr(attrs, 'src');
    if (src) add(src);
    else for (const [, spec] of body.matchAll(INLINE_IMPORT)) add(spec);
  }
  for (const [tag] of html.matchAll(LINK)) {
    if ((attr(tag, 'rel') ?? '').toLowerCase() !== 'modulepreload') continue;
    const href = attr(tag, 'href');
    if (href) add(href);
  }
  return found;
}

/**
 * Sizes of a page's scripts. Files are read from build/client; a file missing there (a
 * rebuild happened during the bench) is fetched from the running shop, which still holds
 * the copy it started with.
 */
export async function pageJavaScript(html, pageUrl, clientDir) {
  const direct = scriptsOfPage(html, pageUrl);
  const all = new Set(direct);
  const files = [];
  const queue = [...direct];
  const origin = new URL(pageUrl).origin;
  let fetched = 0;
  while (queue.length) {
    const asset = queue.shift();
    const local = path.join(clientDir, asset);
    let body;
    if (existsSync(local)) body = readFileSync(local);
    else {
      const res = await fetch(origin + asset, { headers: { 'accept-encoding': 'identity' } });
      if (!res.ok)
        throw new Error(`${asset}: not in ${clientDir} and the shop answered ${res.status}`);
      body = Buffer.from(await res.arrayBuffer());
      fetched++;
    }
    files.push({ asset, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    for (const [, spec] of body.toString('utf8').matchAll(CHUNK_IMPORT)) {
      const dep = new URL(spec, origin + asset).pathname;
      if (!all.has(dep)) {
        all.add(dep);
        queue.push(dep);
      }
    }
  }
  const notPreloaded = [...all].filter((a) => !direct.has(a));
  return {
    files: files.length,
    raw: files.reduce((s, f) => s + f.raw, 0),
    gzip: files.reduce((s, f) => s + f.gzip, 0),
    notPreloaded,
    fetched,
    largest: files.sort((a, b) => b.gzip - a.gzip).slice(0, 3),
  };
}
