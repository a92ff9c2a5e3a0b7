import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  STRIPE_PUBLISHABLE_KEY_PATTERN,
  STRIPE_SECRET_KEY_PATTERN,
  STRIPE_WEBHOOK_SECRET_PATTERN,
  stripeKeyProblems,
} from './stripe-keys.ts';

const LOCALES = ['de', 'en'] as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('data'),
  SHOP_URL: z.url().optional(),
  SHOP_LOCALE: z.enum(LOCALES).default('de'),
  SHOP_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code')
    .default('EUR'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Encrypts REST API key secrets at rest; derived from SESSION_SECRET when unset.
  API_KEY_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'], 'must be true or false')
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  JOBS: z.enum(['on', 'off'], 'must be on or off').default('on'),
  // Webhook deliveries to private, loopback or link-local addresses (a receiver on this host).
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: z
    .enum(['true', 'false', '1', '0'], 'must be true or false')
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'must be a log level')
    .optional(),
  LOG_FORMAT: z.enum(['json', 'pretty'], 'must be json or pretty').default('json'),
  // /metrics answers loopback without it; with it, anyone who sends it as a bearer token.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // The backup job runs only with a folder to write to.
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  // Idle connections stay open longer than a reverse proxy keeps them (nginx 60 s, load
  // balancers 60-350 s): a proxy reusing one the shop has just closed answers 502.
  KEEP_ALIVE_TIMEOUT: z.coerce.number().min(1).max(3600).default(75),
  HEADERS_TIMEOUT: z.coerce.number().min(1).max(3600).optional(),
  SHUTDOWN_TIMEOUT: z.coerce.number().min(0).max(3600).default(10),
  ADMIN_EMAIL: z.email('must be an email address').optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(1000).optional(),
  // Stripe: all unset selects the built-in sandbox (never in production).
  STRIPE_SECRET_KEY: z
    .string()
    .regex(STRIPE_SECRET_KEY_PATTERN, 'must be a Stripe secret key (sk_test_ or sk_live_)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(
      STRIPE_PUBLISHABLE_KEY_PATTERN,
      'must be a Stripe publishable key (pk_test_ or pk_live_)',
    )
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(STRIPE_WEBHOOK_SECRET_PATTERN, 'must be a Stripe webhook signing secret (whsec_)')
    .optional(),
  // Where rendered pictures live for every instance; the media folder is a cache of it.
  MEDIA_STORE: z.enum(['database', 's3'], 'must be database or s3').default('database'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name')
    .optional(),
  S3_REGION: z.string().min(1).max(50).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).max(200).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(200).optional(),
});

export type Env = z.infer<typeof envSchema> & {
  SESSION_SECRET: string;
  API_KEY_SECRET: string;
  SHOP_URL: string;
  HEADERS_TIMEOUT: number;
};

export class ConfigError extends Error {}

function emptyToUndefined(source: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(source).map(([k, v]) => [k, v === '' ? undefined : v]));
}

/** Parses the environment; throws ConfigError naming the first bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const values = emptyToUndefined(source);
  // SHOP_ENV carries the mode the shop was started in when NODE_ENV is set for the libraries.
  if (values.SHOP_ENV) values.NODE_ENV = values.SHOP_ENV;
  const result = envSchema.safeParse(values);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const env = result.data;
  if (env.NODE_ENV === 'production' && Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    throw new ConfigError(
      'Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD are set together in production',
    );
  }
  checkStripeKeys(env);
  if (
    env.MEDIA_STORE === 's3' &&
    !(env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)
  ) {
    throw new ConfigError(
      'Invalid configuration: MEDIA_STORE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  }
  const headersTimeout = env.HEADERS_TIMEOUT ?? env.KEEP_ALIVE_TIMEOUT + 5;
  if (headersTimeout <= env.KEEP_ALIVE_TIMEOUT) {
    throw new ConfigError(
      'Invalid configuration: HEADERS_TIMEOUT must be longer than KEEP_ALIVE_TIMEOUT',
    );
  }
  let secret = env.SESSION_SECRET;
  if (!secret) {
    if (env.NODE_ENV === 'production') {
      throw new ConfigError('Invalid configuration: SESSION_SECRET is required in production');
    }
    secret = developmentSecret(env.DATA_DIR);
  }
  return {
    ...env,
    SESSION_SECRET: secret,
    API_KEY_SECRET:
      env.API_KEY_SECRET ??
      createHmac('sha256', secret).update('api-key-secret').digest('base64url'),
    HEADERS_TIMEOUT: headersTimeout,
    SHOP_URL: (env.SHOP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  };
}

/** Stripe keys come as a set of one kind: test keys with test keys, live with live. */
function checkStripeKeys(env: z.infer<typeof envSchema>) {
  const problems = stripeKeyProblems(
    {
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    },
    env.NODE_ENV,
    // The schema has checked each key's form; live keys are refused when the setup is made.
    { formats: false },
  );
  const message = STRIPE_ENV_MESSAGES[problems[0] as keyof typeof STRIPE_ENV_MESSAGES];
  if (message) throw new ConfigError(`Invalid configuration: ${message}`);
}

const STRIPE_ENV_MESSAGES = {
  incomplete: 'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set together',
  mode_mismatch:
    'STRIPE_PUBLISHABLE_KEY must be of the same mode (test or live) as STRIPE_SECRET_KEY',
  webhook_required: 'STRIPE_WEBHOOK_SECRET is required in production',
};

/** Outside production the secret is generated once and kept beside the data. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** The subset of settings the browser may see. */
export function publicEnv(e: Env = env()) {
  return { shopUrl: e.SHOP_URL, locale: e.SHOP_LOCALE, currency: e.SHOP_CURRENCY };
}
