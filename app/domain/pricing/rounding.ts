// Its own module: the back office's refund form rounds in the browser, and the storefront's
// money chunk stays as small as before.

/** Rounds half away from zero, as commercial rounding does. */
export function roundMinor(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value) + Number.EPSILON * Math.abs(value));
}
