import { type DialogProps, DialogFrame } from './dialog.tsx';

/** A dialog in the middle of the screen (login popup, quick view). */
export function Modal({ className, ...props }: DialogProps) {
  return <DialogFrame {...props} className={['modal', className].filter(Boolean).join(' ')} />;
}
