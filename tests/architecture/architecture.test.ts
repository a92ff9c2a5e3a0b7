// The shop's architecture (scripts/architecture.ts): no import cycles at runtime, domain concepts
// imported only downwards (docs/decisions/0034-order-of-domain-concepts.md), no hand-written
// module over 500 lines. `npm run architecture` prints the same findings.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkArchitecture, findingKeys, formatFindings } from '../../scripts/architecture.ts';

/**
 * Findings tolerated while their code is reworked; none at present. The list only shrinks: an
 * entry that no longer occurs fails the test until it is taken off.
 */
const KNOWN: readonly string[] = [];

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the architecture', () => {
  const findings = checkArchitecture(root);
  const keys = findingKeys(findings);

  it('has no import cycle, back edge or long module beyond the known ones', () => {
    const fresh = keys.filter((key) => !KNOWN.includes(key));
    expect(fresh, formatFindings(findings)).toEqual([]);
  });

  it('knows only findings that still occur', () => {
    const gone = KNOWN.filter((key) => !keys.includes(key));
    expect(gone, 'fixed: take these off KNOWN').toEqual([]);
  });
});
