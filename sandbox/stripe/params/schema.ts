/**
 * The parameter table derived from the `stripe` package's type definitions (derive.ts writes
 * it, check.ts reads it). Scalars are named; everything else is a small object.
 */
export type Scalar =
  /** Any string (also an enum the SDK leaves open with `OtherString`). */
  | 'string'
  /** A whole number: amounts in minor units, counts, Unix times. */
  | 'integer'
  /** A number that may have a fraction (the SDK's `Decimal` and decimal fields). */
  | 'number'
  | 'boolean'
  /** `''` (or `null`, which the SDK sends as `''`): unsets the field (`Stripe.Emptyable`). */
  | 'empty'
  | 'any';

export type Schema =
  | Scalar
  | { enum: string[] }
  | { object: Record<string, Schema>; required?: string[] }
  /** Free keys (metadata). */
  | { map: Schema }
  | { array: Schema }
  | { anyOf: Schema[] }
  | { ref: string };

export type ParamTable = {
  /** The `stripe` package version the table was derived from. */
  stripe: string;
  /** Hash of what it was derived from (see table.ts). */
  source: string;
  /** `POST /v1/payment_intents` -> the name of its parameter type in `types`. */
  endpoints: Record<string, string>;
  types: Record<string, Schema>;
};
