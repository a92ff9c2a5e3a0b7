import { useEffect, useRef } from 'react';
import { NoticeList } from '#app/components/ui/notice.tsx';
import type { OrderActionData } from '#app/domain/orders/order-actions.view.ts';

/** The refusal of this form, if the last answer was one. */
export function refusalFor(answer: OrderActionData | undefined, intent: string) {
  return answer?.intent === intent ? answer : undefined;
}

/** A form's error summary: shown and focused after a refused submission. */
export function ErrorSummary({ answer }: { answer: OrderActionData | undefined }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer) ref.current?.focus();
  }, [answer]);
  if (!answer) return null;
  const notices = answer.errors?.length
    ? answer.errors.map((e) => ({ kind: 'error' as const, text: e.message, field: e.field }))
    : [{ kind: 'error' as const, text: answer.message, field: answer.field }];
  return <NoticeList ref={ref} notices={notices} />;
}
