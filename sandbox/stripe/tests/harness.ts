import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { type Env, parseEnv } from '#app/lib/env.server.ts';
import {
  type StripeSetup,
  recordShopAddress,
  sandboxKeys,
  stripeSetup,
} from '#app/domain/payments/stripe-setup.server.ts';
import { handleSandboxRequest } from '#sandbox/stripe/http/handler.server.ts';
import { sandboxPump, stopSandboxPump } from '#sandbox/stripe/http/runtime.server.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';

export type ReceivedWebhook = { body: string; signature: string };

export type SandboxHarness = {
  url: string;
  env: Env;
  setup: StripeSetup;
  database: DatabaseHandle;
  /** Webhook requests the sandbox sent, in arrival order. */
  webhooks: ReceivedWebhook[];
  /** Answer the next N webhook requests with this status (to test retries). */
  failNextWebhooks(count: number, status?: number): void;
  /** A control call under /__sandbox/stripe/control/ with the sandbox's secret key. */
  control(action: string, form?: Record<string, string>): Promise<unknown>;
  close(): Promise<void>;
};

/**
 * The sandbox served by a small server of its own (its request handler and background worker,
 * without the shop's pages), plus a webhook receiver at the shop's webhook path that records
 * what arrives. The shop's own server dispatches to the same handler.
 */
export async function startSandboxHarness(
  values: Record<string, string> = {},
): Promise<SandboxHarness> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stripe-sandbox-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    ...values,
  });
  const database = await openTestDatabase();
  const webhooks: ReceivedWebhook[] = [];
  let failing = 0;
  let failStatus = 500;
  const context = { db: database.db, env, database };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/payments/stripe/webhook' && req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      if (failing > 0) {
        failing--;
        res.writeHead(failStatus).end();
        return;
      }
      webhooks.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['stripe-signature'] ?? ''),
      });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}');
      return;
    }
    try {
      if (await handleSandboxRequest(req, res, url, context, path.resolve('build/client'))) return;
      res.writeHead(404).end('Not found');
    } catch (error) {
      console.error(error);
      res.writeHead(500).end('Internal server error');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  recordShopAddress(env, { host: '127.0.0.1', port });
  sandboxPump(env, database.db).kick();
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    env,
    setup: stripeSetup(env),
    database,
    webhooks,
    failNextWebhooks(count, status = 500) {
      failing = count;
      failStatus = status;
    },
    async control(action, form = {}) {
      const response = await fetch(`${url}/__sandbox/stripe/control/${action}`, {
        method: action === 'deliveries' ? 'GET' : 'POST',
        headers: {
          Authorization: `Bearer ${sandboxKeys(env).secretKey}`,
          ...(action === 'deliveries'
            ? {}
            : { 'Content-Type': 'application/x-www-form-urlencoded' }),
        },
        body: action === 'deliveries' ? undefined : new URLSearchParams(form).toString(),
      });
      if (!response.ok) throw new Error(`control ${action}: HTTP ${response.status}`);
      return response.json();
    },
    async close() {
      stopSandboxPump(env);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
