import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** The success criteria the shop promises: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/**
 * Every axe rule carrying one of those tags, the ones axe still calls experimental included
 * (label-content-name-mismatch checks 2.5.3, which a tag filter alone would skip). No rule is
 * ever disabled.
 */
export const WCAG_RULES: readonly string[] = axe.getRules([...WCAG_TAGS]).map((r) => r.ruleId);

/** One line per violation: rule, then up to three offending elements. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withRules([...WCAG_RULES]).analyze();
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
}
