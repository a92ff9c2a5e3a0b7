// The shipping settings (/admin/settings/shipping): the zones in matching order, each zone's page.
import { type AppLoadContext, data, redirect } from 'react-router';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import { countryName, countryOptions } from '#app/domain/customers/address-locale.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { shippingClassOptions } from '#app/domain/shipping/shipping-classes.server.ts';
import {
  type FieldProblem,
  type FormValues,
  formatEuros,
  zoneOfForm,
} from '#app/domain/shipping/shipping-zones.rules.ts';
import {
  type StoredZone,
  createZone,
  deleteZone,
  findStoredZone,
  listZones,
  moveZone,
  updateZone,
  zoneChanges,
  zoneVersion,
} from '#app/domain/shipping/shipping-zones.server.ts';
import type { OrderActionData } from '#app/domain/orders/order-actions.view.ts';
import type { MessageArea, TextKey, Translate } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { pageNotFound } from '../pages/not-found.ts';
import { readForm } from '../request.server.ts';
import { auditValueText } from './audit-values.ts';
import { staffShop } from './staff.server.ts';

type Args = { request: Request; context: AppLoadContext; params: { id?: string } };

export const SHIPPING_PATH = '/admin/settings/shipping';

const NOTICES = new Set(['saved', 'created', 'moved', 'deleted', 'unchanged']);

function noticeOf(request: Request): string | null {
  const value = new URL(request.url).searchParams.get('done');
  return value && NOTICES.has(value) ? value : null;
}

/** A location as the overview names it: the country's name, a state, a postcode pattern. */
function locationText(l: StoredZone['locations'][number], locale: Locale): string {
  if (l.type === 'country') return countryName(l.code, locale);
  if (l.type === 'state') {
    const [country, state] = l.code.split(':');
    return `${state} (${countryName(country!, locale)})`;
  }
  return l.code;
}

export async function loadShippingZones(args: Args, areas: readonly MessageArea[]) {
  const { db, env, locale, t, current } = await staffShop(args);
  const zones = await listZones(db);
  return {
    zones: zones.map((z) => ({
      id: z.id,
      name: localize(z.name, locale),
      restOfWorld: z.restOfWorld,
      locations: z.locations.map((l) => locationText(l, locale)),
      methods: z.methods.map((m) => ({
        title: localize(m.title, locale),
        methodId: m.methodId,
        enabled: m.enabled,
      })),
    })),
    notice: noticeOf(args.request),
    security: sessionNonce(current, env),
    title: `${t('admin.shipping.title')} | ${t('shop.name')}`,
    messages: messagesFor(locale, areas),
  };
}

function refuse(t: Translate, status: number, intent: string, problems: FieldProblem[]) {
  const body: OrderActionData = {
    intent,
    message: t(problems[0]!.code as TextKey),
    field: problems[0]!.field || undefined,
    errors: problems.map((p) => ({ field: p.field, message: t(p.code as TextKey) })),
  };
  return data(body, { status });
}

/** Form values where every name is one plain string, except the ones listed as lists. */
function formValues(form: FormData, lists: readonly string[]): FormValues {
  const problems: FieldProblem[] = [];
  for (const name of new Set(form.keys())) {
    const all = form.getAll(name);
    if (all.some((v) => typeof v !== 'string') || (!lists.includes(name) && all.length > 1)) {
      problems.push({ field: name.length <= 60 ? name : '', code: 'admin.shipping.error.invalid' });
    }
  }
  return {
    one: (name) => {
      const all = form.getAll(name);
      return all.length === 1 && typeof all[0] === 'string' ? all[0] : undefined;
    },
    all: (name) => form.getAll(name).filter((v): v is string => typeof v === 'string'),
    problems,
  };
}

async function checkedForm(args: Args, t: Translate, intent: string, current: unknown, env: never) {
  const read = await readForm(args.request);
  if (!read.ok) return { refusal: refuse(t, 400, intent, [{ field: '', code: read.error.code }]) };
  const form = read.value;
  const security = form.getAll('security');
  if (security.length !== 1 || !verifyNonce(current as never, security[0], env)) {
    return {
      refusal: refuse(t, 403, intent, [{ field: '', code: 'admin.shipping.error.expired' }]),
    };
  }
  return { form };
}

const actorOf = (viewer: { id: number; email: string }): Actor => ({
  channel: 'admin',
  id: viewer.id,
  label: viewer.email,
});

/** The overview's one action: a zone one step earlier or later in matching order. */
export async function handleShippingZonesForm(args: Args) {
  const { db, env, t, current, viewer } = await staffShop(args);
  const checked = await checkedForm(args, t, 'move', current, env as never);
  if (checked.refusal) return checked.refusal;
  const values = formValues(checked.form, []);
  const zone = values.one('zone') ?? '';
  const direction = values.one('direction');
  if (
    values.problems.length > 0 ||
    !/^\d{1,9}$/.test(zone) ||
    (direction !== 'up' && direction !== 'down')
  ) {
    return refuse(t, 400, 'move', [{ field: '', code: 'admin.shipping.error.invalid' }]);
  }
  const moved = await moveZone(db, Number(zone), direction, actorOf(viewer));
  if (moved === 'missing') {
    return refuse(t, 404, 'move', [{ field: '', code: 'admin.shipping.error.missing' }]);
  }
  return redirect(
    `${SHIPPING_PATH}?done=${moved === 'moved' ? 'moved' : 'unchanged'}#zone-${zone}`,
  );
}

/** The zone named in the path, or the 404 page: `new` or a stored zone's id. */
async function zoneOfPath(db: Parameters<typeof findStoredZone>[0], id: string | undefined) {
  if (id === undefined || !/^\d{1,9}$/.test(id)) pageNotFound();
  const zone = await findStoredZone(db, Number(id));
  if (!zone) pageNotFound();
  return zone;
}

/** One audited zone field as short text: names, location codes, a method's title and amounts. */
function fieldText(key: string, value: unknown, locale: Locale): string {
  if (key === 'name' && value && typeof value === 'object') {
    return localize(value as { de: string; en?: string }, locale);
  }
  if (Array.isArray(value)) return value.join(', ') || '–';
  if (key.startsWith('method ') && value && typeof value === 'object') {
    const m = value as {
      enabled?: boolean;
      title?: { de: string };
      settings?: Record<string, unknown>;
    };
    const amounts = Object.entries(m.settings ?? {})
      .filter(([, v]) => typeof v === 'number')
      .map(([k, v]) => `${k} ${formatEuros(v as number, locale)}`);
    return [
      m.title ? localize(m.title, locale) : '',
      m.enabled === false ? (locale === 'de' ? '(aus)' : '(off)') : '',
      ...amounts,
    ]
      .filter(Boolean)
      .join(' · ');
  }
  return auditValueText(value, 60);
}

function shownChange(fields: Record<string, unknown> | null, locale: Locale): string {
  if (!fields) return '–';
  return auditValueText(
    Object.entries(fields)
      .map(([key, value]) => `${key}: ${fieldText(key, value, locale)}`)
      .join('; '),
    240,
  );
}

export async function loadShippingZone(args: Args, areas: readonly MessageArea[]) {
  const { db, env, locale, t, current } = await staffShop(args);
  const isNew = args.params.id === 'new';
  const zone = isNew ? null : await zoneOfPath(db, args.params.id);
  const changes = zone ? await zoneChanges(db, zone.id) : [];
  const name = zone ? localize(zone.name, locale) : t('admin.shipping.new_zone');
  return {
    zone: zone && {
      id: zone.id,
      name: zone.name,
      restOfWorld: zone.restOfWorld,
      countries: zone.locations.filter((l) => l.type === 'country').map((l) => l.code),
      states: zone.locations.filter((l) => l.type === 'state').map((l) => l.code),
      postcodes: zone.locations.filter((l) => l.type === 'postcode').map((l) => l.code),
      methods: zone.methods,
      version: zoneVersion(zone),
    },
    countries: countryOptions(locale),
    classes: await shippingClassOptions(db, locale),
    changes: changes.map((entry) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      who: entry.actorLabel || t(`admin.audit.channel_${entry.channel}`),
      action: entry.action,
      fields: Object.keys({ ...(entry.before ?? {}), ...(entry.after ?? {}) }).join(', '),
      before: shownChange(entry.before, locale),
      after: shownChange(entry.after, locale),
    })),
    heading: name,
    notice: noticeOf(args.request),
    security: sessionNonce(current, env),
    title: `${name} | ${t('admin.shipping.title')} | ${t('shop.name')}`,
    messages: messagesFor(locale, areas),
  };
}

/** Saves or deletes the zone of the page, or creates one from `new`. */
export async function handleShippingZoneForm(args: Args) {
  const { db, env, t, current, viewer } = await staffShop(args);
  const isNew = args.params.id === 'new';
  const stored = isNew ? null : await zoneOfPath(db, args.params.id);
  const checked = await checkedForm(args, t, 'zone', current, env as never);
  if (checked.refusal) return checked.refusal;
  const values = formValues(checked.form, ['countries']);
  const intent = values.one('intent');
  const actor = actorOf(viewer);
  if (intent === 'delete') {
    if (!stored) pageNotFound();
    if (values.one('confirm') !== 'yes') {
      return refuse(t, 400, 'delete', [{ field: 'confirm', code: 'admin.shipping.error.confirm' }]);
    }
    const deleted = await deleteZone(db, stored.id, actor);
    if (deleted === 'rest_of_world') {
      return refuse(t, 400, 'delete', [{ field: '', code: 'admin.shipping.error.rest_of_world' }]);
    }
    return redirect(`${SHIPPING_PATH}?done=deleted`);
  }
  if (intent !== 'save') {
    return refuse(t, 400, 'zone', [{ field: '', code: 'admin.shipping.error.invalid' }]);
  }
  const version = values.one('version');
  if (stored && version !== zoneVersion(stored)) {
    return refuse(t, 409, 'zone', [{ field: '', code: 'admin.shipping.error.conflict' }]);
  }
  const classes = (await shippingClassOptions(db, 'de')).map((c) => c.value);
  const parsed = zoneOfForm(values, stored?.methods ?? [], classes);
  if (!parsed.ok) return refuse(t, 400, 'zone', parsed.problems);
  if (!stored) {
    const created = await createZone(db, parsed.zone, actor);
    if (!created.ok) pageNotFound();
    return redirect(`${SHIPPING_PATH}/${created.id}?done=created`);
  }
  const saved = await updateZone(db, stored.id, parsed.zone, actor, version!);
  if (!saved.ok) {
    if (saved.reason === 'missing') pageNotFound();
    return refuse(t, 409, 'zone', [{ field: '', code: 'admin.shipping.error.conflict' }]);
  }
  return redirect(`${SHIPPING_PATH}/${stored.id}?done=saved`);
}
