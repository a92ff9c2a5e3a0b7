import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Icon } from '#app/components/icon.tsx';
import { GROWL_MS } from '#app/client/motion.ts';
import { type GrowlMessage, type GrowlStore, growlStore } from '#app/client/growl.ts';
import { useI18n } from '#app/lib/i18n.ts';

/**
 * The region growl messages appear in (bottom corner). It is always in the page, so screen
 * readers hear each new message politely. A message goes after 3000 ms; while the pointer
 * rests on the region or focus is in it the clocks stand still, and each message can be
 * closed by hand.
 */
export function GrowlRegion({ store = growlStore }: { store?: GrowlStore }) {
  const { t } = useI18n();
  const messages = useSyncExternalStore(store.subscribe, store.messages, store.messages);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);

  const dismiss = (id: number) => {
    const list = listRef.current;
    const hadFocus = list?.contains(document.activeElement) ?? false;
    const buttons = list ? [...list.querySelectorAll<HTMLButtonElement>('button')] : [];
    const index = messages.findIndex((m) => m.id === id);
    store.dismiss(id);
    // Keep keyboard users in the region: on to the next message's button, if any.
    if (hadFocus) (buttons[index + 1] ?? buttons[index - 1])?.focus();
  };

  return (
    <div
      className="growl-region"
      role="status"
      aria-live="polite"
      aria-atomic="false"
      aria-label={t('ui.growl_region')}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <ul className="growl-list" ref={listRef}>
        {messages.map((message) => (
          <GrowlItem
            key={message.id}
            message={message}
            paused={hovered || focused}
            onDismiss={() => dismiss(message.id)}
            dismissLabel={t('ui.growl_dismiss')}
          />
        ))}
      </ul>
    </div>
  );
}

function GrowlItem({
  message,
  paused,
  onDismiss,
  dismissLabel,
}: {
  message: GrowlMessage;
  paused: boolean;
  onDismiss: () => void;
  dismissLabel: string;
}) {
  const remaining = useRef(GROWL_MS);
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  });

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissRef.current(), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused]);

  return (
    <li className={`growl growl-${message.kind}`}>
      <p className="growl-text">{message.text}</p>
      <button
        type="button"
        className="icon-button growl-close"
        aria-label={dismissLabel}
        onClick={onDismiss}
      >
        <Icon name="close" size={18} />
      </button>
    </li>
  );
}
