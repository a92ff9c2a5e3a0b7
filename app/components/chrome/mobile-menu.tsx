import { type ReactNode, useState } from 'react';
import { Icon } from '#app/components/icon.tsx';
import { Drawer } from '#app/components/ui/drawer.tsx';
import { useI18n } from '#app/lib/i18n.ts';

/**
 * The menu of small screens: a button that opens the category tree in a drawer from the
 * left. The drawer is a modal dialog, so focus stays inside, Escape closes it and focus goes
 * back to the button. Following a link closes it too.
 */
export function MobileMenu({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="menu-button"
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <Icon name="menu" />
        <span className="menu-button-label">{t('nav.menu')}</span>
      </button>
      <Drawer
        side="left"
        open={open}
        onClose={() => setOpen(false)}
        title={t('nav.categories')}
        className="menu-drawer"
      >
        {/* A followed link leaves the page under the drawer: close it on the way. */}
        <div
          onClick={(event) => {
            if ((event.target as Element).closest('a')) setOpen(false);
          }}
        >
          {children}
        </div>
      </Drawer>
    </>
  );
}
