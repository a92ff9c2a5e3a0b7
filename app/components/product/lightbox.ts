// The fullscreen lightbox. Loaded with import() on the first open only: PhotoSwipe and its
// style sheet stay out of the product page's first-visit JavaScript.
import PhotoSwipe, { type SlideData } from 'photoswipe';
import 'photoswipe/style.css';
import { formatGalleryHash, parseGalleryHash } from './gallery-hash.ts';

export type LightboxItem = {
  /** Full-size picture. */
  src: string;
  srcset: string;
  /** The picture the page already shows, as a placeholder while the full one loads. */
  msrc: string;
  width: number;
  height: number;
  alt: string;
  /** The picture is a video's poster: the lightbox offers a play button on it. */
  hasVideo: boolean;
};

export type LightboxTexts = {
  viewer: string;
  close: string;
  zoom: string;
  previous: string;
  next: string;
  imageError: (index: number) => string;
  imageLink: string;
  share: string;
  shareFacebook: string;
  shareX: string;
  sharePinterest: string;
  download: string;
  playVideo: string;
};

export type LightboxRequest = {
  items: LightboxItem[];
  index: number;
  texts: LightboxTexts;
  /** Title for share links. */
  title: string;
  /** Writes `#&gid=…&pid=…` while open; absent in galleries without an address (quick view). */
  galleryId?: number;
  /** The page's element for the picture at `index`, for the opening and closing animation. */
  thumbnail: (index: number) => HTMLElement | null;
  onClose: (index: number) => void;
  /** Play the video of picture `index`; called after the lightbox has closed. */
  onPlayVideo: (index: number) => void;
  /** Where the lightbox goes: inside an open modal <dialog>, everything else is inert. */
  container?: HTMLElement;
};

// The spec's lightbox constants (section 9).
export const IDLE_HIDE_MS = 4000;
export const HASH_UPDATE_DELAY_MS = 800;
export const VERTICAL_DRAG_CLOSE = 0.75;
export const ANIMATION_MS = 333;
export const SPACING = 0.12;
export const MAX_SPREAD_ZOOM = 1.33;

/** Zoom on double tap: real size for pictures shown much smaller, else the spread limit. */
function doubleTapZoom(zoom: { fit: number }): number {
  return zoom.fit < 0.7 ? 1 : MAX_SPREAD_ZOOM;
}

let current: PhotoSwipe | null = null;

export function openLightbox(request: LightboxRequest): void {
  current?.close();
  const { items, texts, galleryId } = request;
  const pswp = new PhotoSwipe({
    dataSource: items.map((item): SlideData => ({ ...item })),
    index: request.index,
    showHideAnimationType: 'zoom',
    showAnimationDuration: ANIMATION_MS,
    hideAnimationDuration: ANIMATION_MS,
    zoomAnimationDuration: ANIMATION_MS,
    spacing: SPACING,
    preload: [1, 1],
    closeOnVerticalDrag: true,
    doubleTapAction: 'zoom',
    secondaryZoomLevel: doubleTapZoom,
    maxZoomLevel: MAX_SPREAD_ZOOM,
    bgOpacity: 1,
    closeTitle: texts.close,
    zoomTitle: texts.zoom,
    arrowPrevTitle: texts.previous,
    arrowNextTitle: texts.next,
    errorMsg: '',
    appendToEl: request.container,
  });
  current = pswp;

  // PhotoSwipe's type wants an element, its code also takes none (then it fades instead).
  pswp.addFilter(
    'thumbEl',
    (element, _data, index) => (request.thumbnail(index) ?? element) as HTMLElement,
  );
  pswp.addFilter('placeholderSrc', (src, content) => (content.data.msrc as string) ?? src);
  pswp.addFilter('contentErrorElement', (element, content) =>
    errorElement(element, texts, content.index + 1, String(content.data.src ?? '')),
  );

  pswp.on('uiRegister', () => {
    registerShare(pswp, request);
    registerPlayVideo(pswp, request);
  });
  pswp.on('afterInit', () => {
    const root = pswp.element;
    if (!root) return;
    root.setAttribute('aria-label', texts.viewer);
    root.setAttribute('aria-modal', 'true');
    // PhotoSwipe marks its scroller a carousel; a role lets assistive technology use that.
    pswp.scrollWrap?.setAttribute('role', 'group');
    pswp.scrollWrap?.setAttribute('aria-label', texts.viewer);
  });
  pswp.on('openingAnimationEnd', () => {
    // Keyboard users land in the dialog whichever way it opened (click, Enter, address).
    const root = pswp.element;
    if (root && !root.contains(document.activeElement)) root.focus();
  });
  closeOnLongVerticalDrag(pswp);
  if (galleryId !== undefined) keepAddressInStep(pswp, galleryId);
  else hideControlsWhenIdle(pswp);
  pswp.on('close', () => request.onClose(pswp.currIndex));
  pswp.on('destroy', () => {
    if (current === pswp) current = null;
  });
  pswp.init();
}

/**
 * Released after a vertical drag that faded the backdrop below the threshold: close, as the
 * spec's 0.75 drag constant demands (PhotoSwipe alone waits for a longer throw).
 */
function closeOnLongVerticalDrag(pswp: PhotoSwipe) {
  pswp.on('pointerUp', (event) => {
    const slide = pswp.currSlide;
    if (!slide || pswp.gestures.dragAxis !== 'y' || slide.currZoomLevel > slide.zoomLevels.fit) {
      return;
    }
    if (pswp.bgOpacity < VERTICAL_DRAG_CLOSE * pswp.options.bgOpacity) {
      event.preventDefault();
      pswp.close();
    }
  });
}

/**
 * The address carries the picture while the lightbox is open (a shared link opens the same
 * picture); changes are written 800 ms after the last slide change, and closing puts back the
 * address the page had, without the lightbox hash.
 */
function keepAddressInStep(pswp: PhotoSwipe, gid: number) {
  const before = new URL(window.location.href);
  if (parseGalleryHash(before.hash)) before.hash = '';
  const restore = before.href.replace(/#$/, '');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    const url = new URL(window.location.href);
    url.hash = formatGalleryHash({ gid, pid: pswp.currIndex + 1 });
    // Keep the router's history entry (its state), change only the address.
    window.history.replaceState(window.history.state, '', url.href);
  };
  pswp.on('afterInit', write);
  pswp.on('change', () => {
    clearTimeout(timer);
    timer = setTimeout(write, HASH_UPDATE_DELAY_MS);
  });
  pswp.on('close', () => {
    clearTimeout(timer);
    window.history.replaceState(window.history.state, '', restore);
  });
}

/** Outside the product page's own gallery the controls fade after 4 s without input. */
function hideControlsWhenIdle(pswp: PhotoSwipe) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wake = () => {
    const root = pswp.element;
    if (!root) return;
    root.classList.add('pswp--ui-visible');
    clearTimeout(timer);
    timer = setTimeout(() => {
      // Never hide controls a keyboard user is on.
      if (!root.querySelector('.pswp__top-bar')?.contains(document.activeElement)) {
        root.classList.remove('pswp--ui-visible');
      }
    }, IDLE_HIDE_MS);
  };
  pswp.on('bindEvents', () => {
    pswp.events.add(pswp.element!, 'pointermove', wake);
    pswp.events.add(pswp.element!, 'keydown', wake);
    wake();
  });
  pswp.on('destroy', () => clearTimeout(timer));
}

function errorElement(
  element: HTMLElement,
  texts: LightboxTexts,
  index: number,
  src: string,
): HTMLElement {
  element.replaceChildren();
  element.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = texts.imageError(index);
  const link = document.createElement('a');
  link.href = src;
  link.textContent = texts.imageLink;
  link.className = 'pswp__error-link';
  element.append(text, link);
  return element;
}

/** Share links for the picture on screen, built in the browser: nothing is sent until clicked. */
export function shareLinks(
  pageUrl: string,
  imageUrl: string,
  title: string,
): { network: 'facebook' | 'x' | 'pinterest'; href: string }[] {
  const q = encodeURIComponent;
  return [
    { network: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${q(pageUrl)}` },
    { network: 'x', href: `https://twitter.com/intent/tweet?text=${q(title)}&url=${q(pageUrl)}` },
    {
      network: 'pinterest',
      href: `https://www.pinterest.com/pin/create/button/?url=${q(pageUrl)}&media=${q(imageUrl)}&description=${q(title)}`,
    },
  ];
}

function registerShare(pswp: PhotoSwipe, request: LightboxRequest) {
  const { texts, galleryId } = request;
  const labels = {
    facebook: texts.shareFacebook,
    x: texts.shareX,
    pinterest: texts.sharePinterest,
  };
  let menu: HTMLElement | null = null;
  let button: HTMLElement | null = null;

  const fill = () => {
    if (!menu) return;
    const slide = pswp.currSlide?.data;
    const imageUrl = new URL(String(slide?.src ?? ''), window.location.origin).href;
    const page = new URL(window.location.href);
    if (galleryId !== undefined)
      page.hash = formatGalleryHash({ gid: galleryId, pid: pswp.currIndex + 1 });
    const links = shareLinks(page.href, imageUrl, request.title).map(({ network, href }) => {
      const a = document.createElement('a');
      a.href = href;
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
      a.textContent = labels[network];
      return a;
    });
    const download = document.createElement('a');
    download.href = imageUrl;
    download.download = imageUrl.split('/').pop() ?? 'image.webp';
    download.textContent = texts.download;
    menu.replaceChildren(
      ...[...links, download].map((a) => {
        const li = document.createElement('li');
        li.append(a);
        return li;
      }),
    );
  };
  const toggle = (open: boolean) => {
    if (!menu || !button) return;
    if (open) fill();
    menu.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
  };

  pswp.ui?.registerElement({
    name: 'share-button',
    order: 8,
    isButton: true,
    title: texts.share,
    html: {
      isCustomSVG: true,
      inner:
        '<path id="pswp__icn-share" d="M22 7a3 3 0 1 1 0 6 3 3 0 0 1 0-6Zm-12 6a3 3 0 1 1 0 6 3 3 0 0 1 0-6Zm12 6a3 3 0 1 1 0 6 3 3 0 0 1 0-6ZM12.3 14.1l6.8-3.4.6 1.2-6.8 3.4Zm.6 2.6 6.8 3.4-.6 1.2-6.8-3.4Z"/>',
      outlineID: 'pswp__icn-share',
    },
    onInit: (el) => {
      button = el;
      el.setAttribute('aria-haspopup', 'true');
      el.setAttribute('aria-expanded', 'false');
      el.setAttribute('aria-controls', 'pswp-share-menu');
    },
    onClick: () => toggle(menu?.hidden ?? false),
  });
  pswp.ui?.registerElement({
    name: 'share-menu',
    order: 9,
    appendTo: 'root',
    tagName: 'ul',
    onInit: (el) => {
      menu = el;
      el.id = 'pswp-share-menu';
      el.hidden = true;
      el.addEventListener('click', (event) => {
        if ((event.target as Element).closest('a')) toggle(false);
      });
      pswp.on('change', () => toggle(false));
      pswp.on('keydown', (event) => {
        if (event.originalEvent.key === 'Escape' && !el.hidden) {
          // Escape closes the open menu first, the lightbox only on a second press.
          event.preventDefault();
          toggle(false);
          button?.focus();
        }
      });
    },
  });
}

/** A play button on video posters: the player opens in the page's video dialog. */
function registerPlayVideo(pswp: PhotoSwipe, request: LightboxRequest) {
  pswp.ui?.registerElement({
    name: 'play-video',
    order: 7,
    isButton: true,
    title: request.texts.playVideo,
    html: {
      isCustomSVG: true,
      inner: '<path id="pswp__icn-play" d="M11 8v16l13-8Z"/>',
      outlineID: 'pswp__icn-play',
    },
    onInit: (el) => {
      const update = () => {
        el.hidden = !request.items[pswp.currIndex]?.hasVideo;
      };
      pswp.on('change', update);
      update();
    },
    onClick: () => {
      const index = pswp.currIndex;
      pswp.on('destroy', () => request.onPlayVideo(index));
      pswp.close();
    },
  });
}
