// `npm start`: builds when the build is missing or older than the sources, then runs the shop.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const STAMP = 'build/server/main.js';
const SOURCES = [
  'app',
  'server',
  'db',
  'public',
  'package.json',
  'vite.config.ts',
  'react-router.config.ts',
];

function newest(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const child of readdirSync(entry))
    latest = Math.max(latest, newest(path.join(entry, child)));
  return latest;
}

const stale = !existsSync(STAMP) || SOURCES.some((s) => newest(s) > statSync(STAMP).mtimeMs);
if (stale) {
  console.log('building the shop …');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// The shop's own mode (secrets, cookies, HSTS) follows NODE_ENV as given; the libraries
// always run their optimised production code in the built server.
process.env.SHOP_ENV ??= process.env.NODE_ENV || 'development';
process.env.NODE_ENV = 'production';
await import(path.resolve(STAMP));
