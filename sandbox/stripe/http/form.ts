/**
 * Decodes Stripe's form encoding (`card[exp_month]=12`, `expand[0]=customer`, `expand[]=x`)
 * into nested objects and arrays, as Stripe's API reads it. Bounded: too deep, too many keys
 * or a key that would reach an object's prototype is refused with the offending key.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const MAX_KEYS = 500;
const MAX_DEPTH = 6;

export class FormError extends Error {
  constructor(readonly param: string) {
    super(`Invalid form key: ${param}`);
  }
}

export function decodeForm(body: string): FormObject {
  const root: FormObject = Object.create(null);
  const params = new URLSearchParams(body);
  let count = 0;
  for (const [key, value] of params) {
    if (++count > MAX_KEYS) throw new FormError(key.slice(0, 100));
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) throw new FormError(key.slice(0, 100));
    const parts = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    if (parts.length > MAX_DEPTH) throw new FormError(key.slice(0, 100));
    if (parts.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) {
      throw new FormError(key.slice(0, 100));
    }
    let node: Record<string, FormValue> = root;
    for (let i = 0; i < parts.length; i++) {
      let part = parts[i]!;
      const last = i === parts.length - 1;
      if (part === '') part = String(Object.keys(node).length);
      if (last) {
        if (typeof node[part] === 'object') throw new FormError(key.slice(0, 100));
        node[part] = value;
      } else {
        const next = node[part];
        if (typeof next === 'string') throw new FormError(key.slice(0, 100));
        if (!next) node[part] = Object.create(null) as FormObject;
        node = node[part] as Record<string, FormValue>;
      }
    }
  }
  return arrays(root) as FormObject;
}

/** Objects whose keys are 0..n-1 become arrays. */
function arrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  for (const k of keys) value[k] = arrays(value[k]!);
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) {
    return keys.map((k) => value[k]!);
  }
  return value;
}
