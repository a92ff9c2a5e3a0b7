import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { Icon } from '#app/components/icon.tsx';
import { useI18n } from '#app/lib/i18n.ts';

export type DialogProps = {
  /** Shown as a modal while true; the parent keeps the state. */
  open: boolean;
  /** Called however the dialog closed: close button, Escape, a click beside it, or `open` false. */
  onClose: () => void;
  /** The heading that names the dialog. */
  title: ReactNode;
  children: ReactNode;
  className?: string;
};

function focusIfPresent(element: Element | null) {
  if (element instanceof HTMLElement && element.isConnected) element.focus();
}

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog lets Tab leave for the browser's own controls; keep it going round inside
 * the dialog instead, so keyboard users cannot lose their place behind it.
 */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.getClientRects().length > 0,
  );
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The frame Modal and Drawer share: a native <dialog> opened with showModal(), so the browser
 * keeps focus inside, makes the page behind it inert and closes it on Escape. Named by its
 * heading; focus goes back to whatever opened it.
 */
export function DialogFrame({ open, onClose, title, children, className }: DialogProps) {
  const { t } = useI18n();
  const headingId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  const handleClose = () => {
    const opener = openerRef.current;
    openerRef.current = null;
    focusIfPresent(opener);
    onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className={className}
      aria-labelledby={headingId}
      onClose={handleClose}
      onKeyDown={keepTabInside}
      onClick={(event) => {
        // A click on the backdrop reaches the dialog itself, outside its box.
        const dialog = event.currentTarget;
        if (event.target !== dialog) return;
        const box = dialog.getBoundingClientRect();
        const inside =
          event.clientX >= box.left &&
          event.clientX <= box.right &&
          event.clientY >= box.top &&
          event.clientY <= box.bottom;
        if (!inside) dialog.close();
      }}
    >
      <div className="dialog-header">
        <h2 id={headingId} className="dialog-title">
          {title}
        </h2>
        <button
          type="button"
          className="icon-button dialog-close"
          aria-label={t('ui.close')}
          onClick={() => dialogRef.current?.close()}
        >
          <Icon name="close" size={20} />
        </button>
      </div>
      <div className="dialog-body">{children}</div>
    </dialog>
  );
}
