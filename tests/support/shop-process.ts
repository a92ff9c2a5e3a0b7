import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';

export type ShopProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM and the exit code. */
  stop(): Promise<number | null>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export const TEST_SECRET = randomBytes(32).toString('base64url');

/** The built shop (`npm run build` first) as a process of its own, answering once /healthz does. */
export async function spawnShop(env: Record<string, string>): Promise<ShopProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.resolve('build/server/main.js')], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      SHOP_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      SESSION_SECRET: TEST_SECRET,
      SEED_DEMO: 'false',
      JOBS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`shop exited with ${child.exitCode}: ${output}`);
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
