import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useI18n } from '#app/lib/i18n.ts';

/** How long the zoom's load failure stays on screen (spec, section 8). */
export const ZOOM_ERROR_MS = 2500;

type ZoomState = 'idle' | 'loading' | 'ready' | 'error';

/**
 * Hover zoom for mouse users: the full-size picture is fetched on the first hover and then
 * follows the pointer inside the main image's box. Touch and keyboard users get the same
 * detail in the lightbox instead. `src` changes (another picture, a variation) start over.
 */
export function useHoverZoom(src: string) {
  const { t } = useI18n();
  const [state, setState] = useState<ZoomState>('idle');
  const [active, setActive] = useState(false);
  const layerRef = useRef<HTMLImageElement>(null);
  const loadedRef = useRef<string | null>(null);
  const errorTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Another picture: start over (its full size may already be loaded).
  const [seenSrc, setSeenSrc] = useState(src);
  if (seenSrc !== src) {
    setSeenSrc(src);
    setState('idle');
    setActive(false);
  }
  const currentSrc = useRef(src);
  useEffect(() => {
    currentSrc.current = src;
  }, [src]);
  useEffect(() => () => clearTimeout(errorTimer.current), []);

  // Where the pointer is, also while the full size still loads, so the zoom opens there.
  const originRef = useRef('50% 50%');
  const follow = (event: PointerEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = Math.min(100, Math.max(0, ((event.clientX - box.left) / box.width) * 100));
    const y = Math.min(100, Math.max(0, ((event.clientY - box.top) / box.height) * 100));
    originRef.current = `${x}% ${y}%`;
    if (layerRef.current) layerRef.current.style.transformOrigin = originRef.current;
  };
  const attachLayer = (layer: HTMLImageElement | null) => {
    layerRef.current = layer;
    if (layer) layer.style.transformOrigin = originRef.current;
  };

  const enter = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType !== 'mouse') return;
    follow(event);
    setActive(true);
    if (state !== 'idle') return;
    if (loadedRef.current === src) {
      setState('ready');
      return;
    }
    setState('loading');
    const probe = new Image();
    probe.onload = () => {
      loadedRef.current = src;
      // The shopper may have moved on to another picture meanwhile.
      if (currentSrc.current === src) setState((now) => (now === 'loading' ? 'ready' : now));
    };
    probe.onerror = () => {
      if (currentSrc.current !== src) return;
      setState('error');
      clearTimeout(errorTimer.current);
      errorTimer.current = setTimeout(() => setState('idle'), ZOOM_ERROR_MS);
    };
    probe.src = src;
  };

  const status =
    state === 'loading'
      ? t('product.gallery_zoom_loading')
      : state === 'error'
        ? t('product.gallery_zoom_error')
        : '';

  return {
    handlers: {
      onPointerEnter: enter,
      onPointerMove: (event: PointerEvent<HTMLElement>) => {
        if (event.pointerType === 'mouse') follow(event);
      },
      onPointerLeave: () => setActive(false),
    },
    zoomed: active && state === 'ready',
    layer:
      state === 'ready' ? (
        <img
          ref={attachLayer}
          className="gallery-zoom"
          data-active={active ? 'true' : undefined}
          src={src}
          alt=""
          aria-hidden="true"
          decoding="async"
        />
      ) : null,
    status: (
      <span className="gallery-zoom-status" role="status" data-state={state}>
        {status}
      </span>
    ),
  };
}
