// Bundles the Node entry (server/ plus the shared app code it uses) into build/server/main.js.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'server/main.ts', cli: 'db/cli.ts', backup: 'server/backup/cli.ts' },
  outdir: 'build/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

// The Stripe sandbox's browser scripts: small, separate from the shop's bundles, served only
// while the sandbox is active (sandbox/stripe/http).
await build({
  entryPoints: {
    stripe: 'sandbox/stripe/client/stripe.ts',
    frame: 'sandbox/stripe/client/frame.ts',
  },
  outdir: 'build/sandbox',
  bundle: true,
  platform: 'browser',
  target: 'es2020',
  format: 'iife',
  minify: true,
  logLevel: 'warning',
});

// Compressed copies of the client files, made once here instead of at every start: brotli's
// best quality takes seconds on the larger files (the password dictionaries).
await precompress('build/client');

async function precompress(root) {
  const { readdir, readFile, writeFile } = await import('node:fs/promises');
  const { brotliCompressSync, constants, gzipSync } = await import('node:zlib');
  const path = await import('node:path');
  const compressible = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest|map)$/;
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !compressible.test(entry.name)) continue;
    const full = path.join(entry.parentPath ?? entry.path, entry.name);
    const body = await readFile(full);
    if (body.length <= 512) continue;
    await writeFile(`${full}.gz`, gzipSync(body, { level: 9 }));
    await writeFile(
      `${full}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}
