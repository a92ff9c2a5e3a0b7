import { type DialogProps, DialogFrame } from './dialog.tsx';

/** A dialog sliding in from one side of the screen, full height (the mini cart on small screens). */
export function Drawer({
  side = 'right',
  className,
  ...props
}: DialogProps & { side?: 'left' | 'right' }) {
  return (
    <DialogFrame
      {...props}
      className={['drawer', `drawer-${side}`, className].filter(Boolean).join(' ')}
    />
  );
}
