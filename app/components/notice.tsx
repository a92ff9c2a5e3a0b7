import type { ReactNode } from 'react';

/** The one way the shop shows a message: success and info politely, errors assertively. */
export function Notice({
  kind,
  children,
}: {
  kind: 'success' | 'error' | 'info';
  children: ReactNode;
}) {
  return (
    <div className={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
