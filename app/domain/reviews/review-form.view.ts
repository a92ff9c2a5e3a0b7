/** What the review form's post answers, for the page (with or without JavaScript). */
export type ReviewActionData = {
  form: 'review';
  ok: boolean;
  /** approved: shown now; pending: waiting for a shop manager. */
  status?: 'approved' | 'pending';
  message: string;
  /** The field the failure is about, by its form name. */
  field?: string;
  /** What was sent, so a refused form keeps it (never the honeypot). */
  values?: { comment: string; author: string; email: string; rating: string; parent: string };
};

export function isReviewActionData(value: unknown): value is ReviewActionData {
  return (
    typeof value === 'object' && value !== null && (value as { form?: unknown }).form === 'review'
  );
}
