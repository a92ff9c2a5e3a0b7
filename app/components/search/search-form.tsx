import { useEffect, useId, useRef, useState } from 'react';
import { Form, useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import { useI18n } from '#app/lib/i18n.ts';
import type { RootData } from '#app/root.tsx';
import { fetchJson } from '#app/client/fetch-json.ts';
import {
  type SearchSuggestion,
  type SearchSuggestions,
  longEnoughToSuggest,
} from '#app/domain/search/search.view.ts';
import { Icon } from '../icon.tsx';

/** How long typing must pause before suggestions are asked for (the spec's "configured latency"). */
export const SUGGEST_DELAY_MS = 300;
/** Spec: blur hides the suggestions after 200 ms, so a click on one still lands. */
export const BLUR_HIDE_MS = 200;

/** A path on this shop from a suggestion's absolute URL, so navigation stays client-side. */
function localPath(url: string): string {
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.pathname + parsed.search;
  } catch {
    return '/shop';
  }
}

/**
 * The header search: a plain GET form to /shop (works without JavaScript) with an optional
 * category and, once the page runs, live suggestions as a WAI-ARIA combobox.
 */
export function SearchForm() {
  const { t } = useI18n();
  const menu = useRouteLoaderData<RootData>('root')?.menu ?? [];
  const location = useLocation();
  const navigate = useNavigate();
  const current = new URLSearchParams(location.search);
  const onShop = location.pathname === '/shop';
  const [query, setQuery] = useState(onShop ? (current.get('s') ?? '') : '');
  const [category, setCategory] = useState(onShop ? (current.get('product_cat') ?? '') : '');
  const [items, setItems] = useState<SearchSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  const delay = useRef<ReturnType<typeof setTimeout>>(undefined);
  const blur = useRef<ReturnType<typeof setTimeout>>(undefined);
  const request = useRef<AbortController | null>(null);
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  // Follow the address: a new search page shows its own words, other pages an empty field.
  const address = location.pathname + location.search;
  const [shownFor, setShownFor] = useState(address);
  if (shownFor !== address) {
    setShownFor(address);
    setQuery(onShop ? (current.get('s') ?? '') : '');
    setCategory(onShop ? (current.get('product_cat') ?? '') : '');
    setOpen(false);
    setActive(-1);
  }

  useEffect(
    () => () => {
      clearTimeout(delay.current);
      clearTimeout(blur.current);
      request.current?.abort();
    },
    [],
  );

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function stopRequest() {
    clearTimeout(delay.current);
    request.current?.abort();
    request.current = null;
    setLoading(false);
  }

  function suggest(text: string, cat: string) {
    stopRequest();
    if (!longEnoughToSuggest(text)) {
      setItems([]);
      close();
      return;
    }
    delay.current = setTimeout(async () => {
      const controller = new AbortController();
      request.current = controller;
      setLoading(true);
      const params = new URLSearchParams({ query: text.trim() });
      if (cat) params.set('product_cat', cat);
      const result = await fetchJson<SearchSuggestions>(`/wc-ajax/product_search?${params}`, {
        signal: controller.signal,
      });
      // A newer keystroke owns the list now.
      if (request.current !== controller) return;
      request.current = null;
      setLoading(false);
      if (!result.ok) return;
      const found = result.data?.suggestions ?? [];
      setItems(found);
      setActive(-1);
      setOpen(found.length > 0);
    }, SUGGEST_DELAY_MS);
  }

  function choose(item: SearchSuggestion) {
    stopRequest();
    close();
    navigate(localPath(item.url));
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        if (items.length === 0) return;
        event.preventDefault();
        setOpen(true);
        setActive((i) => (open ? (i + 1) % items.length : 0));
        break;
      case 'ArrowUp':
        if (items.length === 0) return;
        event.preventDefault();
        setOpen(true);
        setActive((i) => (open && i > 0 ? i - 1 : items.length - 1));
        break;
      case 'Enter':
        if (open && active >= 0 && items[active]) {
          event.preventDefault();
          choose(items[active]);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        }
        break;
    }
  }

  return (
    <Form
      className="search-form"
      role="search"
      method="get"
      action="/shop"
      aria-label={t('search.label')}
      onSubmit={() => {
        stopRequest();
        close();
      }}
    >
      <label htmlFor={`${id}-category`} className="visually-hidden">
        {t('search.category_label')}
      </label>
      <select
        id={`${id}-category`}
        name="product_cat"
        className="search-category"
        value={category}
        onChange={(e) => {
          setCategory(e.target.value);
          suggest(query, e.target.value);
        }}
      >
        <option value="">{t('search.all_categories')}</option>
        {menu.map((c) => (
          <option key={c.slug} value={c.slug}>
            {c.name}
          </option>
        ))}
      </select>
      <div className="search-field" aria-busy={loading}>
        <label htmlFor={inputId} className="visually-hidden">
          {t('search.label')}
        </label>
        <input
          id={inputId}
          type="search"
          name="s"
          placeholder={t('search.placeholder')}
          autoComplete="off"
          maxLength={100}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            suggest(e.target.value, category);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => {
            clearTimeout(blur.current);
            if (items.length > 0 && longEnoughToSuggest(query)) setOpen(true);
          }}
          onBlur={() => {
            blur.current = setTimeout(close, BLUR_HIDE_MS);
          }}
        />
        <span className="search-spinner" hidden={!loading} aria-hidden="true" />
        <ul
          id={listId}
          role="listbox"
          className="search-suggestions"
          aria-label={t('search.suggestions')}
          hidden={!open}
        >
          {items.map((item, i) => (
            <li
              key={item.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className="search-suggestion"
              // Keeps focus in the field, so the blur timer does not race the click.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(item)}
              onMouseMove={() => setActive(i)}
            >
              {item.img ? (
                <img src={localPath(item.img)} alt="" width={40} height={40} loading="lazy" />
              ) : (
                <span className="search-suggestion-noimg" aria-hidden="true" />
              )}
              <span className="search-suggestion-name">{item.value}</span>
              {item.price && <span className="search-suggestion-price">{item.price}</span>}
            </li>
          ))}
        </ul>
        <span className="visually-hidden" role="status">
          {loading
            ? t('search.loading')
            : open
              ? t('search.suggestions_count', { count: items.length })
              : ''}
        </span>
      </div>
      <button type="submit" className="icon-button" aria-label={t('search.submit')}>
        <Icon name="search" />
      </button>
    </Form>
  );
}
