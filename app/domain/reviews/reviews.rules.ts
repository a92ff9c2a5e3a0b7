/** Pure rules of reviews: no database, table-tested. */

export const MAX_CONTENT_LENGTH = 5000;
export const MAX_AUTHOR_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;

/** How many links a text holds: addresses with a scheme or starting with www. */
export function linkCount(text: string): number {
  return text.match(LINK)?.length ?? 0;
}

export type SpamVerdict = 'spam' | 'hold' | 'clean';

/**
 * A filled honeypot marks spam outright; more links than allowed hold the review for a person
 * to look at, whatever the moderation setting says.
 */
export function spamVerdict(input: {
  honeypot: string;
  content: string;
  maxLinks: number;
}): SpamVerdict {
  if (input.honeypot.trim() !== '') return 'spam';
  if (linkCount(input.content) > input.maxLinks) return 'hold';
  return 'clean';
}

/** Where a new review lands: spam, waiting for a shop manager, or shown at once. */
export function initialStatus(input: {
  verdict: SpamVerdict;
  autoApprove: boolean;
  byShop: boolean;
}): 'approved' | 'pending' | 'spam' {
  if (input.verdict === 'spam') return 'spam';
  if (input.byShop) return 'approved';
  if (input.verdict === 'hold') return 'pending';
  return input.autoApprove ? 'approved' : 'pending';
}

/** The status a moderation action leads to; null deletes the review. */
export type ModerationAction = 'approve' | 'unapprove' | 'spam' | 'delete';
export const MODERATION_ACTIONS: readonly ModerationAction[] = [
  'approve',
  'unapprove',
  'spam',
  'delete',
];

export function statusAfter(action: ModerationAction): 'approved' | 'pending' | 'spam' | null {
  switch (action) {
    case 'approve':
      return 'approved';
    case 'unapprove':
      return 'pending';
    case 'spam':
      return 'spam';
    case 'delete':
      return null;
  }
}
