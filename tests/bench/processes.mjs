// Child processes of the bench: started in their own process group so that stopping one
// also stops whatever it spawned (start.mjs may run `npm run build` first), and always
// stopped when the bench ends, fails or is interrupted.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const running = new Set();

/** Spawns a long-running child; its output is kept (last lines) for error reports. */
export function startProcess(name, command, args, options = {}) {
  const child = spawn(command, args, {
    ...options,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  // Numbered stderr lines, so a caller can ask for those written after a point in time.
  const errors = [];
  let errorCount = 0;
  const keep = (prefix) => (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (line.trim() === '') continue;
      lines.push(`${prefix}${line}`);
      if (lines.length > 200) lines.shift();
      if (prefix) {
        errors.push({ n: errorCount++, line });
        if (errors.length > 2000) errors.shift();
      }
      options.onLine?.(line, prefix === '! ');
    }
  };
  child.stdout.on('data', keep(''));
  child.stderr.on('data', keep('! '));
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const handle = {
    name,
    child,
    exited,
    output: () => lines.join('\n'),
    /** How many stderr lines so far: a mark for `errorsSince`. */
    errorMark: () => errorCount,
    errorsSince: (mark) => errors.filter((e) => e.n >= mark).map((e) => e.line),
    stop: (signal = 'SIGTERM') => stopProcess(handle, signal),
  };
  running.add(handle);
  exited.then(() => running.delete(handle));
  return handle;
}

async function stopProcess(handle, signal) {
  if (handle.child.exitCode !== null || handle.child.signalCode !== null) return;
  signalGroup(handle.child.pid, signal);
  const done = await Promise.race([
    handle.exited.then(() => true),
    sleep(15_000).then(() => false),
  ]);
  if (!done) {
    signalGroup(handle.child.pid, 'SIGKILL');
    await handle.exited;
  }
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

export async function stopAll() {
  await Promise.all([...running].map((h) => h.stop()));
}

// An interrupted bench must not leave a shop or nginx behind.
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.once(sig, () => {
    console.error(`\n${sig}: stopping the bench's child processes`);
    void stopAll().finally(() => process.exit(130));
  });
}

/** Resolves with the first stdout line matching `pattern`, or rejects when the process exits first. */
export function waitForLine(handle, pattern, timeoutMs = 30_000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error(`${handle.name}: no "${pattern}" within ${timeoutMs} ms\n${handle.output()}`),
        ),
      timeoutMs,
    );
    const onData = (chunk) => {
      const match = pattern.exec(chunk.toString());
      if (match) {
        clearTimeout(timer);
        handle.child.stdout.off('data', onData);
        resolve(match);
      }
    };
    handle.child.stdout.on('data', onData);
    handle.exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(
        new Error(
          `${handle.name} exited (${signal ?? code}) before it was ready\n${handle.output()}`,
        ),
      );
    });
  });
}

/** A loopback port that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 200; fails early when the process dies. */
export async function waitForHttp(handle, url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let dead = false;
  handle.exited.then(() => (dead = true));
  while (Date.now() < deadline) {
    if (dead) throw new Error(`${handle.name} exited before ${url} answered\n${handle.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(300);
  }
  throw new Error(
    `${url} did not answer 200 within ${Math.round(timeoutMs / 1000)} s\n${handle.output()}`,
  );
}
