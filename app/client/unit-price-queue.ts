import {
  UNIT_PRICE_REFRESH_URL,
  type UnitPriceRefreshAnswer,
  type UnitPriceRefreshItem,
  type UnitPriceRefreshRequest,
} from '#app/domain/catalog/unit-price.view.ts';
import { fetchJson } from './fetch-json.ts';

/** Quiet time after the last price change before the refresh is sent (spec: 500 ms). */
export const UNIT_PRICE_DELAY_MS = 500;
/** The first refresh after the page loads (spec: 250 ms). */
export const UNIT_PRICE_INITIAL_DELAY_MS = 250;

/** Markup to show, null to restore the page's own, or 'superseded' by a newer change. */
export type UnitPriceOutcome = string | null | 'superseded';

type Waiting = { item: UnitPriceRefreshItem; settle: (outcome: UnitPriceOutcome) => void };

/**
 * Every unit price waiting for a refresh, sent together as one request once no change has come
 * for the delay; a newer change of the same price replaces the waiting one.
 */
export function createUnitPriceQueue(send = sendBatch) {
  const waiting = new Map<string, Waiting>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let batches = 0;

  async function flush() {
    timer = undefined;
    const batch = [...waiting.values()];
    waiting.clear();
    if (batch.length === 0) return;
    batches += 1;
    const answer = await send({
      products: batch.map((w) => w.item),
      queue_id: `q${batches}-${Date.now().toString(36)}`,
    });
    for (const w of batch) w.settle(answer?.products[w.item.key]?.unit_price_html ?? null);
  }

  return function queue(
    item: UnitPriceRefreshItem,
    delay = UNIT_PRICE_DELAY_MS,
  ): Promise<UnitPriceOutcome> {
    return new Promise((settle) => {
      waiting.get(item.key)?.settle('superseded');
      waiting.set(item.key, { item, settle });
      clearTimeout(timer);
      timer = setTimeout(() => void flush(), delay);
    });
  };
}

/** One batch to the shop; null when it failed in any way (the page then keeps its own markup). */
async function sendBatch(body: UnitPriceRefreshRequest): Promise<UnitPriceRefreshAnswer | null> {
  const result = await fetchJson<UnitPriceRefreshAnswer>(UNIT_PRICE_REFRESH_URL, { json: body });
  return result.ok && result.data && typeof result.data.products === 'object' ? result.data : null;
}

/** The page's queue: every unit price on the page shares its batches. */
export const queueUnitPriceRefresh = createUnitPriceQueue();
