import type { ReactNode } from 'react';

/**
 * Covers a region while its content is being replaced (a cart line being removed, say): the
 * region says aria-busy so assistive technology waits, and a veil with a spinner keeps the
 * pointer off it. The veil is always there and only fades, so it can fade out too.
 */
export function Overlay({
  busy,
  className,
  children,
}: {
  busy: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={['overlay-region', className].filter(Boolean).join(' ')}
      aria-busy={busy || undefined}
    >
      {children}
      <div className={`loading-overlay${busy ? ' is-active' : ''}`} aria-hidden="true">
        <span className="spinner" />
      </div>
    </div>
  );
}
