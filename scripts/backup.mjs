// `npm run backup` / `npm run restore`: the built command where the shop was built (the
// container image has no TypeScript runner), else the source through tsx.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const built = 'build/server/backup.js';
const [command, args] = existsSync(built)
  ? [process.execPath, [built, ...process.argv.slice(2)]]
  : ['npx', ['tsx', 'server/backup/cli.ts', ...process.argv.slice(2)]];
const result = spawnSync(command, args, { stdio: 'inherit' });
process.exit(result.status ?? 1);
