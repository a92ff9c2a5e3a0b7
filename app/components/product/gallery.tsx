import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Icon } from '#app/components/icon.tsx';
import { ProductImage } from '#app/components/product-image.tsx';
import type { GalleryItemView } from '#app/domain/catalog/catalog.view.ts';
import {
  DEFAULT_GALLERY_OPTIONS,
  type GalleryOptions,
} from '#app/domain/catalog/gallery-settings.view.ts';
import { imageSrcSet, imageUrl } from '#app/domain/media/media.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { pictureFromHash } from './gallery-hash.ts';
import type { LightboxItem } from './lightbox.ts';
import { loadChunk } from '#app/client/load-chunk.ts';
import { VideoDialog } from './video-dialog.tsx';
import { useHoverZoom } from './zoom.tsx';

export type GalleryImage = GalleryItemView;

/** A horizontal touch move longer than this (px) turns the picture. */
const SWIPE_MIN_PX = 40;

const loadLightbox = () => loadChunk(() => import('./lightbox.ts'));

function sizeOf(image: GalleryImage, name: 'full' | 'large') {
  const found = image.sizes.find((s) => s.name === name);
  return { width: found?.width ?? image.width, height: found?.height ?? image.height };
}

/**
 * The product pictures: a large image (hover zoom, swipe, fullscreen lightbox on click) and
 * thumbnails that choose it. A variation's picture arrives as the first image; the gallery
 * then shows it in the same elements (no remount) and returns to the product's picture on reset.
 */
export function Gallery({
  images,
  name,
  sizes = '(max-width: 849px) 100vw, 600px',
  hashId,
  options = DEFAULT_GALLERY_OPTIONS,
}: {
  images: GalleryImage[];
  name: string;
  /** How wide the large image is shown, for `srcset`. */
  sizes?: string;
  /** Gallery id in the address hash (`#&gid=1&pid=3`); without it the lightbox leaves the address alone. */
  hashId?: number;
  /** Whether hover zoom and the lightbox are on (shop setting). */
  options?: GalleryOptions;
}) {
  const { t } = useI18n();
  const firstKey = images[0]?.key;
  // The chosen picture, remembered with the first picture it was chosen under: a new first
  // picture (a variation) wins at once, without waiting for an effect.
  const [chosen, setChosen] = useState<{ key: string; first: string | undefined } | null>(null);
  // Forget the choice when the first picture changes, so a reset returns to the product's picture.
  const [seenFirst, setSeenFirst] = useState(firstKey);
  if (seenFirst !== firstKey) {
    setSeenFirst(firstKey);
    setChosen(null);
  }
  const chosenIndex =
    chosen && chosen.first === firstKey ? images.findIndex((i) => i.key === chosen.key) : -1;
  const index = Math.max(0, chosenIndex);
  const current = images[index];

  const [video, setVideo] = useState<GalleryImage['video'] | null>(null);
  const mainRef = useRef<HTMLAnchorElement>(null);
  const thumbsRef = useRef<HTMLUListElement>(null);
  const swipeRef = useRef<{ x: number; y: number; swiped: boolean } | null>(null);
  // Handlers that outlive a render (lightbox callbacks, the hash listener) read these.
  const imagesRef = useRef(images);
  const indexRef = useRef(index);
  useEffect(() => {
    imagesRef.current = images;
    indexRef.current = index;
  });

  const fullSrc = current ? imageUrl(current.key, 'full') : '';
  const zoom = useHoverZoom(fullSrc);

  const choose = (i: number, focusThumb = false) => {
    const count = imagesRef.current.length;
    const next = imagesRef.current[((i % count) + count) % count];
    if (!next) return;
    setChosen({ key: next.key, first: imagesRef.current[0]?.key });
    if (focusThumb) {
      const buttons = thumbsRef.current?.querySelectorAll<HTMLButtonElement>('button');
      buttons?.[imagesRef.current.indexOf(next)]?.focus();
    }
  };

  const openLightbox = async (start: number) => {
    const { openLightbox: open } = await loadLightbox();
    const list = imagesRef.current;
    open({
      items: list.map((img): LightboxItem => ({
        src: imageUrl(img.key, 'full'),
        srcset: imageSrcSet(img),
        msrc: imageUrl(img.key, 'large'),
        ...sizeOf(img, 'full'),
        alt: img.alt || name,
        hasVideo: Boolean(img.video),
      })),
      index: start,
      title: name,
      galleryId: hashId,
      texts: {
        viewer: t('product.gallery_viewer', { name }),
        close: t('product.gallery_close'),
        zoom: t('product.gallery_zoom'),
        previous: t('product.gallery_previous'),
        next: t('product.gallery_next'),
        imageError: (n) => t('product.gallery_image_error', { index: n }),
        imageLink: t('product.gallery_image_link'),
        share: t('product.gallery_share'),
        shareFacebook: t('product.gallery_share_facebook'),
        shareX: t('product.gallery_share_x'),
        sharePinterest: t('product.gallery_share_pinterest'),
        download: t('product.gallery_download'),
        playVideo: t('product.gallery_play_video', { title: name }),
      },
      thumbnail: (i) =>
        i === indexRef.current
          ? (mainRef.current?.querySelector('img') ?? null)
          : (thumbsRef.current?.querySelectorAll('img')[i] ?? null),
      // Closing on another picture leaves that picture on the page.
      onClose: (last) => choose(last),
      onPlayVideo: (at) => {
        const item = imagesRef.current[at];
        if (item?.video) setVideo(item.video);
      },
      container: mainRef.current?.closest('dialog') ?? undefined,
    });
  };
  // A link or reload with `#&gid=1&pid=3` opens the lightbox at that picture.
  const lightbox = options.lightbox;
  useEffect(() => {
    if (hashId === undefined || !lightbox) return;
    const openFromHash = () => {
      const at = pictureFromHash(window.location.hash, hashId, imagesRef.current.length);
      if (at !== null) void openLightbox(at);
    };
    openFromHash();
    window.addEventListener('hashchange', openFromHash);
    return () => window.removeEventListener('hashchange', openFromHash);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per gallery, reads refs
  }, [hashId, lightbox]);

  if (!current) return <div className="gallery" />;

  const onMainClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    if (swipeRef.current?.swiped) {
      swipeRef.current = null;
      return;
    }
    void openLightbox(index);
  };

  const onPointerDown = (event: PointerEvent<HTMLAnchorElement>) => {
    if (event.pointerType === 'mouse') {
      // Intent to open: fetch the lightbox before the click lands.
      void loadLightbox();
      return;
    }
    swipeRef.current = { x: event.clientX, y: event.clientY, swiped: false };
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const start = swipeRef.current;
    if (!start || event.pointerType === 'mouse') return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy) * 1.5) {
      start.swiped = true;
      choose(index + (dx < 0 ? 1 : -1));
    } else {
      swipeRef.current = null;
    }
  };

  const onThumbKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: images.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    choose(target, true);
  };

  const full = sizeOf(current, 'large');
  const zoomOn = options.zoom;
  const swipe = {
    onPointerUp,
    onPointerCancel: () => (swipeRef.current = null),
  };
  const picture = <ProductImage image={current} size="large" eager sizes={sizes} />;
  return (
    <div className="gallery" aria-label={t('product.gallery')} role="group">
      <div
        className="gallery-stage"
        style={{ aspectRatio: `${full.width} / ${full.height}` }}
        data-zoomed={zoomOn && zoom.zoomed ? 'true' : undefined}
        {...(zoomOn ? zoom.handlers : {})}
      >
        {lightbox ? (
          <a
            ref={mainRef}
            href={fullSrc}
            className="gallery-main"
            aria-label={t('product.gallery_open', {
              index: index + 1,
              count: images.length,
              alt: current.alt || name,
            })}
            onClick={onMainClick}
            onFocus={() => void loadLightbox()}
            onPointerDown={onPointerDown}
            {...swipe}
          >
            {picture}
            {zoomOn && zoom.layer}
          </a>
        ) : (
          // Without the lightbox the picture is no control; a swipe still turns the pictures.
          <div
            className="gallery-main"
            onPointerDown={(event) => {
              if (event.pointerType !== 'mouse') {
                swipeRef.current = { x: event.clientX, y: event.clientY, swiped: false };
              }
            }}
            {...swipe}
          >
            {picture}
            {zoomOn && zoom.layer}
          </div>
        )}
        {current.video && (
          <button
            type="button"
            className="gallery-play"
            onClick={() => setVideo(current.video)}
            aria-label={t('product.gallery_play_video', { title: current.alt || name })}
          >
            <Icon name="play" size={32} />
          </button>
        )}
        {zoomOn && zoom.status}
      </div>
      {images.length > 1 && (
        <ul className="gallery-thumbs" ref={thumbsRef} onKeyDown={onThumbKey}>
          {images.map((img, i) => (
            <li key={img.key}>
              <button
                type="button"
                onClick={() => choose(i)}
                aria-pressed={i === index}
                aria-label={
                  t('product.show_image', { index: i + 1 }) +
                  ` – ${img.alt || name}` +
                  (img.video ? ` (${t('product.gallery_has_video')})` : '')
                }
              >
                <ProductImage image={{ ...img, alt: '' }} size="thumb" sizes="80px" />
                {img.video && (
                  <span className="gallery-thumb-play" aria-hidden="true">
                    <Icon name="play" size={18} />
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      <VideoDialog
        video={video ?? null}
        title={current.alt || name}
        onClose={() => setVideo(null)}
      />
    </div>
  );
}
