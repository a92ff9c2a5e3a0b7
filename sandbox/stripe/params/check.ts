import type { SandboxError } from '../domain/params.ts';
import type { ParamTable, Schema } from './schema.ts';

/**
 * Refuses what Stripe refuses before it looks at a request: unknown parameters, values of the
 * wrong type, enum values it does not know, required parameters left out, and `''` for a
 * number, flag, choice, hash or list that cannot be unset. The rules come from the SDK's types (table.json, see derive.ts).
 */
export type Caller = 'secret' | 'publishable';

type Refusal = { code: string; param: string; message: string };

/**
 * Parameters Stripe takes only with the publishable key (Stripe.js), which the server SDK's
 * types therefore do not list, by the type they extend.
 */
const PUBLISHABLE_TYPES: Record<string, Record<string, Schema>> = {
  PaymentIntentConfirmParams: { client_secret: 'string' },
  SetupIntentConfirmParams: { client_secret: 'string' },
  'PaymentIntentConfirmParams.MandateData.CustomerAcceptance.Online': {
    infer_from_client: 'boolean',
  },
  'SetupIntentConfirmParams.MandateData.CustomerAcceptance.Online': {
    infer_from_client: 'boolean',
  },
};

/**
 * What the sandbox's own wallet sheet sends: Apple Pay and Google Pay hand Stripe a token made
 * on the device; the sandbox has none, so its sheet names the wallet on the card it creates.
 */
const SANDBOX_TYPES: Record<string, Record<string, Schema>> = {
  'PaymentMethodCreateParams.Card': {
    wallet: { object: { type: { enum: ['apple_pay', 'google_pay'] } }, required: ['type'] },
  },
};

const views = new WeakMap<ParamTable, Record<Caller, ParamTable>>();

/** The table as one caller sees it: the SDK's types plus the additions above. */
function tableFor(table: ParamTable, caller: Caller): ParamTable {
  let view = views.get(table);
  if (!view) {
    const extend = (...additions: Record<string, Record<string, Schema>>[]) => {
      const types = { ...table.types };
      for (const addition of additions) {
        for (const [name, fields] of Object.entries(addition)) {
          const base = types[name];
          if (base && typeof base === 'object' && 'object' in base) {
            types[name] = { ...base, object: { ...base.object, ...fields } };
          }
        }
      }
      return { ...table, types };
    };
    view = { secret: extend(SANDBOX_TYPES), publishable: extend(SANDBOX_TYPES, PUBLISHABLE_TYPES) };
    views.set(table, view);
  }
  return view[caller];
}

export function checkParams(
  derived: ParamTable,
  endpoint: string,
  params: Record<string, unknown>,
  caller: Caller,
): SandboxError | null {
  const table = tableFor(derived, caller);
  const name = table.endpoints[endpoint];
  if (!name) return null;
  const refusal = check(table, { ref: name }, params, '');
  if (!refusal) return null;
  return {
    kind: 'invalid',
    body: { type: 'invalid_request_error', ...refusal },
  };
}

type Resolved = Exclude<Schema, { ref: string }>;

function resolve(table: ParamTable, schema: Schema): Resolved {
  let current = schema;
  for (let depth = 0; typeof current === 'object' && 'ref' in current; depth++) {
    const next = table.types[current.ref];
    if (next === undefined || depth > 20) return 'any';
    current = next;
  }
  return current as Resolved;
}

const at = (path: string, key: string | number) => (path ? `${path}[${key}]` : String(key));

/** How a value reads in a message: short, on one line. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
}

function isHash(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function check(table: ParamTable, raw: Schema, value: unknown, path: string): Refusal | null {
  const schema = resolve(table, raw);
  if (value === '' && !acceptsEmpty(table, schema)) {
    return {
      code: 'parameter_invalid_empty',
      param: path,
      message: `You passed an empty string for '${path}'. We assume empty values are an attempt to unset a parameter; however '${path}' cannot be unset. You should remove '${path}' from your request or supply a non-empty value.`,
    };
  }
  if (typeof schema === 'string') return scalar(schema, value, path);
  if ('enum' in schema) {
    if (typeof value === 'string' && schema.enum.includes(value)) return null;
    const name = path.replace(/.*\[|\]$/g, '');
    const list =
      schema.enum.length > 1
        ? `${schema.enum.slice(0, -1).join(', ')}, or ${schema.enum.at(-1)}`
        : schema.enum[0];
    return {
      code: 'parameter_invalid_enum',
      param: path,
      message: `Invalid ${name}: must be one of ${list}`,
    };
  }
  if ('anyOf' in schema) {
    const errors: Refusal[] = [];
    for (const option of schema.anyOf) {
      const refusal = check(table, option, value, path);
      if (!refusal) return null;
      errors.push(refusal);
    }
    // The alternative of the value's own shape says best what is wrong.
    const index = schema.anyOf.findIndex((o) => sameShape(resolve(table, o), value));
    return errors[index >= 0 ? index : 0]!;
  }
  if ('array' in schema) {
    if (!Array.isArray(value)) {
      return { code: 'parameter_invalid_array', param: path, message: 'Invalid array' };
    }
    for (const [i, item] of value.entries()) {
      const refusal = check(table, schema.array, item, at(path, i));
      if (refusal) return refusal;
    }
    return null;
  }
  if (!isHash(value)) {
    return { code: 'parameter_invalid_hash', param: path, message: 'Invalid hash' };
  }
  if ('map' in schema) {
    for (const [key, item] of Object.entries(value)) {
      const refusal = check(table, schema.map, item, at(path, key));
      if (refusal) return refusal;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const field = schema.object[key];
    if (field === undefined) {
      const param = at(path, key);
      return {
        code: 'parameter_unknown',
        param,
        message: `Received unknown parameter: ${param}`,
      };
    }
    const refusal = check(table, field, item, at(path, key));
    if (refusal) return refusal;
  }
  for (const key of schema.required ?? []) {
    if (value[key] === undefined) {
      const param = at(path, key);
      return { code: 'parameter_missing', param, message: `Missing required param: ${param}.` };
    }
  }
  return null;
}

/**
 * `''` unsets an Emptyable field. Free text takes it too: Stripe.js and forms send blank
 * address lines, and the SDK marks few text fields Emptyable.
 */
function acceptsEmpty(table: ParamTable, schema: Resolved): boolean {
  if (schema === 'empty' || schema === 'any' || schema === 'string') return true;
  if (typeof schema === 'object' && 'anyOf' in schema) {
    return schema.anyOf.some((o) => acceptsEmpty(table, resolve(table, o)));
  }
  return false;
}

function sameShape(schema: Resolved, value: unknown): boolean {
  if (Array.isArray(value)) return typeof schema === 'object' && 'array' in schema;
  if (isHash(value)) return typeof schema === 'object' && ('object' in schema || 'map' in schema);
  return typeof schema === 'string' || 'enum' in schema;
}

function scalar(type: Exclude<Schema, object>, value: unknown, path: string): Refusal | null {
  if (type === 'any') return null;
  if (type === 'empty') {
    return value === ''
      ? null
      : { code: 'parameter_invalid_empty', param: path, message: `Invalid ${path}: must be empty` };
  }
  if (typeof value !== 'string') {
    const expected = type === 'integer' ? 'integer' : type;
    return {
      code: `parameter_invalid_${expected}`,
      param: path,
      message: `Invalid ${expected}: ${shown(value)}`,
    };
  }
  if (type === 'string') return null;
  if (type === 'integer' && /^-?\d{1,18}$/.test(value)) return null;
  if (type === 'number' && /^-?\d{1,18}(\.\d{1,12})?$/.test(value)) return null;
  if (type === 'boolean' && (value === 'true' || value === 'false')) return null;
  const expected = type === 'number' ? 'decimal' : type;
  return {
    code: `parameter_invalid_${expected}`,
    param: path,
    message: `Invalid ${expected}: ${shown(value)}`,
  };
}
