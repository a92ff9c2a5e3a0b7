import { type FocusEvent, type ReactNode, useEffect, useId, useState } from 'react';

/** What the trigger needs: spread onto the button or link the tooltip describes. */
export type TooltipTriggerProps = { 'aria-describedby': string };

/**
 * A short hint beside a control (WCAG 1.4.13): it shows while the pointer is over the control
 * or the hint itself, and while the control has focus; it stays until then, and Escape hides
 * it without moving pointer or focus. The hint is the control's description, so screen readers
 * read it whether it is shown or not.
 */
export function Tooltip({
  content,
  children,
  placement = 'top',
  className,
}: {
  content: ReactNode;
  children: (trigger: TooltipTriggerProps) => ReactNode;
  placement?: 'top' | 'bottom';
  className?: string;
}) {
  const id = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const open = (hovered || focused) && !dismissed;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const leave = (next: { hovered?: boolean; focused?: boolean }) => {
    const h = next.hovered ?? hovered;
    const f = next.focused ?? focused;
    if (next.hovered !== undefined) setHovered(h);
    if (next.focused !== undefined) setFocused(f);
    // Once neither holds it, the next hover or focus shows it again.
    if (!h && !f) setDismissed(false);
  };

  return (
    <span
      className={['tooltip-anchor', className].filter(Boolean).join(' ')}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => leave({ hovered: false })}
      onFocus={() => setFocused(true)}
      onBlur={(event: FocusEvent<HTMLSpanElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          leave({ focused: false });
        }
      }}
    >
      {children({ 'aria-describedby': id })}
      <span
        id={id}
        role="tooltip"
        className={`tooltip tooltip-${placement}${open ? ' is-open' : ''}`}
      >
        {content}
      </span>
    </span>
  );
}
