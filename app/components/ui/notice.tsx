import { type MouseEvent, type ReactNode, forwardRef } from 'react';

export type NoticeKind = 'success' | 'error' | 'info';

/** The one way the shop shows a message: success and info politely, errors assertively. */
export function Notice({ kind, children }: { kind: NoticeKind; children: ReactNode }) {
  return (
    <div className={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export type NoticeMessage = {
  kind: NoticeKind;
  text: ReactNode;
  /** The id of the field the message is about; the message then links to it. */
  field?: string;
};

const ORDER: NoticeKind[] = ['error', 'info', 'success'];

/**
 * Several messages at once, one notice per kind (errors first), so a screen reader hears all
 * errors as one alert and the rest as one status. The list can take focus (tabIndex -1), for
 * forms that move the visitor to their notices after a failed submission.
 */
// forwardRef: Preact hands a function component's `ref` prop to the component, not the list.
export const NoticeList = forwardRef<HTMLDivElement, { notices: NoticeMessage[] }>(
  function NoticeList({ notices }, ref) {
    if (notices.length === 0) return null;
    return (
      <div className="notices" tabIndex={-1} ref={ref}>
        {ORDER.map((kind) => {
          const messages = notices.filter((n) => n.kind === kind);
          if (messages.length === 0) return null;
          return (
            <Notice key={kind} kind={kind}>
              {messages.length === 1 ? (
                <MessageText message={messages[0]!} />
              ) : (
                <ul className="notice-list">
                  {messages.map((message, i) => (
                    <li key={i}>
                      <MessageText message={message} />
                    </li>
                  ))}
                </ul>
              )}
            </Notice>
          );
        })}
      </div>
    );
  },
);

const CONTROL = 'input, select, textarea, button, [tabindex]';

/**
 * Leads to the field by moving the focus there, not by changing the address: a new hash counts
 * as a navigation and would drop the refused form's answer, and with it what was typed. Without
 * script the plain link still jumps to the field.
 */
function toField(event: MouseEvent<HTMLAnchorElement>, field: string) {
  const target = document.getElementById(field);
  const control = target?.matches(CONTROL) ? target : target?.querySelector<HTMLElement>(CONTROL);
  if (!target || !control) return;
  event.preventDefault();
  target.scrollIntoView({ block: 'center' });
  control.focus({ preventScroll: true });
}

/** A link from an error summary to the field it names. */
export function FieldLink({ field, children }: { field: string; children: ReactNode }) {
  return (
    <a href={`#${field}`} onClick={(event) => toField(event, field)}>
      {children}
    </a>
  );
}

function MessageText({ message }: { message: NoticeMessage }) {
  const { field } = message;
  return field ? <FieldLink field={field}>{message.text}</FieldLink> : <>{message.text}</>;
}
