import type { LegalBlock, LegalPage, LegalSection, LegalSlug } from '#app/content/legal.ts';

/**
 * The plain-text form a shop manager edits a legal page in. One line per thing, blocks
 * separated by blank lines:
 *
 *   ## Heading            starts a section
 *   - item                a list (consecutive lines)
 *   | a | b |             a table (first row is the head)
 *   > line                an address (consecutive lines)
 *   anything else         a paragraph (consecutive lines joined)
 */

export const LEGAL_LIMITS = {
  title: 200,
  notice: 2_000,
  text: 100_000,
  line: 5_000,
  sections: 200,
} as const;

export type LegalTextProblem =
  | { kind: 'empty_title' }
  | { kind: 'too_long'; what: 'title' | 'notice' | 'text' | 'line'; line?: number }
  | { kind: 'no_sections' }
  | { kind: 'text_before_heading'; line: number }
  | { kind: 'empty_heading'; line: number }
  | { kind: 'empty_section'; line: number }
  | { kind: 'table_columns'; line: number }
  | { kind: 'too_many_sections' }
  | { kind: 'control_characters' };

export function legalPageToText(page: LegalPage): string {
  return page.sections
    .map((section) => [`## ${section.heading}`, ...section.blocks.map(blockToText)].join('\n\n'))
    .join('\n\n');
}

function blockToText(block: LegalBlock): string {
  switch (block.type) {
    case 'paragraph':
      return block.text;
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n');
    case 'address':
      return block.lines.map((line) => `> ${line}`).join('\n');
    case 'table':
      return [block.head, ...block.rows].map(tableRow).join('\n');
  }
}

const tableRow = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, '/')).join(' | ')} |`;

// Tabs and line breaks are layout; every other control character is refused.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

type Kind = 'paragraph' | 'list' | 'table' | 'address';

function kindOf(line: string): Kind {
  if (/^-\s/.test(line)) return 'list';
  if (line.startsWith('|')) return 'table';
  if (/^>(\s|$)/.test(line)) return 'address';
  return 'paragraph';
}

/** Reads the edited text back into a page; the first problem found is reported with its line. */
export function parseLegalText(
  slug: LegalSlug,
  input: { title: string; notice: string; text: string },
): { ok: true; page: LegalPage } | { ok: false; problem: LegalTextProblem } {
  const fail = (problem: LegalTextProblem) => ({ ok: false as const, problem });
  const title = input.title.trim();
  const notice = input.notice.trim();
  if ([title, notice, input.text].some((v) => CONTROL.test(v)))
    return fail({ kind: 'control_characters' });
  if (!title) return fail({ kind: 'empty_title' });
  if (title.length > LEGAL_LIMITS.title) return fail({ kind: 'too_long', what: 'title' });
  if (notice.length > LEGAL_LIMITS.notice) return fail({ kind: 'too_long', what: 'notice' });
  if (input.text.length > LEGAL_LIMITS.text) return fail({ kind: 'too_long', what: 'text' });

  const lines = input.text.replace(/\r\n?/g, '\n').split('\n');
  const sections: (LegalSection & { line: number })[] = [];
  let run: { kind: Kind; lines: string[]; line: number } | null = null;

  const closeRun = (): LegalTextProblem | null => {
    if (!run) return null;
    const section = sections.at(-1)!;
    const block = toBlock(run.kind, run.lines);
    if (!block) return { kind: 'table_columns', line: run.line };
    section.blocks.push(block);
    run = null;
    return null;
  };

  for (const [index, raw] of lines.entries()) {
    const number = index + 1;
    const line = raw.trim();
    if (line.length > LEGAL_LIMITS.line)
      return fail({ kind: 'too_long', what: 'line', line: number });
    if (line === '') {
      const problem = closeRun();
      if (problem) return fail(problem);
      continue;
    }
    if (line.startsWith('##')) {
      const problem = closeRun();
      if (problem) return fail(problem);
      const heading = line.replace(/^#+/, '').trim();
      if (!heading) return fail({ kind: 'empty_heading', line: number });
      if (sections.length >= LEGAL_LIMITS.sections) return fail({ kind: 'too_many_sections' });
      sections.push({ heading, blocks: [], line: number });
      continue;
    }
    if (sections.length === 0) return fail({ kind: 'text_before_heading', line: number });
    const kind = kindOf(line);
    if (run && (run as { kind: Kind }).kind !== kind) {
      const problem = closeRun();
      if (problem) return fail(problem);
    }
    run ??= { kind, lines: [], line: number };
    run.lines.push(line);
  }
  const problem = closeRun();
  if (problem) return fail(problem);
  if (sections.length === 0) return fail({ kind: 'no_sections' });
  const empty = sections.find((s) => s.blocks.length === 0);
  if (empty) return fail({ kind: 'empty_section', line: empty.line });
  return {
    ok: true,
    page: {
      slug,
      title,
      reviewNotice: notice,
      sections: sections.map(({ heading, blocks }) => ({ heading, blocks })),
    },
  };
}

function toBlock(kind: Kind, lines: string[]): LegalBlock | null {
  switch (kind) {
    case 'paragraph':
      return { type: 'paragraph', text: lines.join(' ') };
    case 'list':
      return { type: 'list', items: lines.map((l) => l.replace(/^-\s+/, '')) };
    case 'address':
      return { type: 'address', lines: lines.map((l) => l.replace(/^>\s?/, '')) };
    case 'table': {
      const rows = lines.map((l) =>
        l
          .replace(/^\|/, '')
          .replace(/\|$/, '')
          .split('|')
          .map((cell) => cell.trim()),
      );
      const [head, ...body] = rows;
      if (!head || body.some((row) => row.length !== head.length)) return null;
      return { type: 'table', head, rows: body };
    }
  }
}
