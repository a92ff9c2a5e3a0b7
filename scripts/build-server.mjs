// Bundles the Node entry (server/ plus the shared app code it uses) into build/server/main.js.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'server/main.ts', cli: 'db/cli.ts' },
  outdir: 'build/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
