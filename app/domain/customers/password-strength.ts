import type { Locale } from '#app/lib/locale.ts';

/**
 * Password strength as the shop's meter shows it: 0 short, 1-2 bad, 3 good, 4 strong (the
 * zxcvbn score), 5 mismatch when a confirmation was typed and differs. The same function runs
 * in the browser (the meter, loading its dictionaries on demand) and on the server (which
 * enforces the minimum), so both always agree.
 */
export type StrengthLevel = 0 | 1 | 2 | 3 | 4 | 5;
export const MISMATCH: StrengthLevel = 5;
export const DEFAULT_MIN_STRENGTH = 3;

/** The meter's word for a level. */
export function strengthName(
  level: StrengthLevel,
): 'short' | 'bad' | 'good' | 'strong' | 'mismatch' {
  if (level === 5) return 'mismatch';
  if (level === 4) return 'strong';
  if (level === 3) return 'good';
  if (level >= 1) return 'bad';
  return 'short';
}

/** Blacklist words count from this length on; shorter pieces match too much by chance. */
export const BLACKLIST_MIN_LENGTH = 4;

/**
 * Words a password must not lean on: the shop's name and the person's names and email, split
 * into pieces, lower-cased, each at least four characters long.
 */
export function blacklistWords(inputs: readonly (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const input of inputs) {
    if (!input) continue;
    const whole = input.trim().toLowerCase();
    if (whole.length >= BLACKLIST_MIN_LENGTH) words.add(whole);
    for (const piece of whole.split(/[^\p{L}\p{N}]+/u)) {
      if (piece.length >= BLACKLIST_MIN_LENGTH) words.add(piece);
    }
  }
  return [...words];
}

type Estimator = { check(password: string, userInputs?: (string | number)[]): { score: number } };

const estimators = new Map<Locale, Promise<Estimator>>();

/** The estimator with the common and the language's dictionaries, imported when first needed. */
export function loadEstimator(locale: Locale): Promise<Estimator> {
  let pending = estimators.get(locale);
  if (!pending) {
    pending = (async () => {
      const [core, common, language] = await Promise.all([
        import('@zxcvbn-ts/core'),
        import('@zxcvbn-ts/language-common'),
        locale === 'de' ? import('@zxcvbn-ts/language-de') : import('@zxcvbn-ts/language-en'),
      ]);
      return new core.ZxcvbnFactory({
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...language.dictionary },
      });
    })();
    // A failed load (offline) is tried again next time.
    pending.catch(() => estimators.delete(locale));
    estimators.set(locale, pending);
  }
  return pending;
}

/** Past this the estimator's work grows without telling anything new. */
const ESTIMATE_LENGTH = 100;

export async function passwordStrength(
  password: string,
  options: { confirmation?: string; blacklist?: readonly string[]; locale: Locale },
): Promise<StrengthLevel> {
  const { confirmation, blacklist = [] } = options;
  if (confirmation && confirmation !== password) return MISMATCH;
  if (password === '') return 0;
  const estimator = await loadEstimator(options.locale);
  const { score } = estimator.check(password.slice(0, ESTIMATE_LENGTH), [...blacklist]);
  return Math.max(0, Math.min(4, score)) as StrengthLevel;
}
