import Stripe from 'stripe';
import type { Database } from '#app/lib/db.server.ts';
import type { Env } from '#app/lib/env.server.ts';
import { shopBaseUrl, stripeSetup } from '#app/domain/payments/stripe-setup.server.ts';
import {
  claimDueDeliveries,
  markDelivered,
  markFailed,
  nextDueInMs,
} from '#sandbox/stripe/domain/deliveries.server.ts';
import { advance } from '#sandbox/stripe/domain/next-actions.server.ts';
import { dueForAdvance } from '#sandbox/stripe/domain/store.server.ts';

export const WEBHOOK_PATH = '/payments/stripe/webhook';
const SEND_TIMEOUT_MS = 10_000;
/** Even with nothing known to be due, look again this often (another instance may add work). */
const IDLE_CHECK_MS = 30_000;

export type SandboxPump = {
  /** Runs soon (deliveries and delayed transitions that are due). */
  kick(): void;
  /** Runs now and resolves when nothing due is left. */
  drain(): Promise<void>;
  stop(): void;
};

type Registry = WeakMap<Env, SandboxPump>;
const KEY = Symbol.for('ladenzeile.stripe-sandbox.pumps');

/**
 * The sandbox's background worker of one running shop: settles delayed transitions and sends
 * webhook events off the request path. Everything it does is recorded in the database first,
 * so a restart loses nothing: the next start picks up what is due.
 */
export function sandboxPump(env: Env, db: Database): SandboxPump {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>;
  holder[KEY] ??= new WeakMap();
  let pump = holder[KEY].get(env);
  if (!pump) {
    pump = createPump(env, db);
    holder[KEY].set(env, pump);
  }
  return pump;
}

export function stopSandboxPump(env: Env): void {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>;
  holder[KEY]?.get(env)?.stop();
  holder[KEY]?.delete(env);
}

function createPump(env: Env, db: Database): SandboxPump {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void start(), Math.max(0, Math.min(ms, IDLE_CHECK_MS)));
    timer.unref();
  };

  const start = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await settleDue(db);
          while (!stopped && (await sendDue(env, db)) > 0);
        } while (again && !stopped);
        const next = stopped ? null : await nextDueInMs(db);
        schedule(next ?? IDLE_CHECK_MS);
      } catch (error) {
        if (!stopped) {
          console.error(`stripe sandbox: ${(error as Error).message.split('\n')[0]}`);
          schedule(IDLE_CHECK_MS);
        }
      } finally {
        running = null;
      }
    })();
    return running;
  };

  return {
    kick: () => {
      setImmediate(() => void start());
    },
    drain: async () => {
      await start();
      // A run that started before the caller's change may have missed it.
      await start();
    },
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

async function settleDue(db: Database) {
  for (const id of await dueForAdvance(db, false)) {
    await db.transaction((tx) => advance(tx, { requestId: null, idempotencyKey: null }, id));
  }
}

/** Sends due deliveries one after the other (their order is the test's order); returns how many. */
async function sendDue(env: Env, db: Database): Promise<number> {
  const claimed = await claimDueDeliveries(db);
  const secret = stripeSetup(env).webhookSecret;
  for (const delivery of claimed) {
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: delivery.payload,
      secret,
    });
    try {
      const response = await fetch(`${shopBaseUrl(env)}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': signature,
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: delivery.payload,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) await markDelivered(db, delivery.id, response.status);
      else await markFailed(db, delivery, response.status, `HTTP ${response.status}`);
    } catch (error) {
      await markFailed(db, delivery, null, (error as Error).message);
    }
  }
  return claimed.length;
}
