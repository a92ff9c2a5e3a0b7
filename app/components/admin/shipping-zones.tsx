import { Form, Link } from 'react-router';
import { Field } from '#app/components/ui/field.tsx';
import type { Localized } from '#app/domain/kernel/localized.ts';
import type { OrderActionData } from '#app/domain/orders/order-actions.view.ts';
import { formatEuros } from '#app/domain/shipping/shipping-zones.rules.ts';
import type { ZoneMethodInput } from '#app/domain/shipping/shipping-zones.rules.ts';
import type {
  FlatRateSettings,
  FreeShippingSettings,
  PickupPointSettings,
} from '#app/domain/shipping/shipping.schema.ts';
import { SHIPPING_METHOD_IDS } from '#app/domain/shipping/shipping.schema.ts';
import { type TextKey, useI18n } from '#app/lib/i18n.ts';
import { type SettingChange, SettingChanges } from './setting-changes.tsx';

export const SHIPPING_PATH = '/admin/settings/shipping';

type OverviewZone = {
  id: number;
  name: string;
  restOfWorld: boolean;
  locations: string[];
  methods: { title: string; methodId: string; enabled: boolean }[];
};

/** The zones in the order the cart tries them, each movable one step with a no-JS button. */
export function ZoneList({ zones, security }: { zones: OverviewZone[]; security: string }) {
  const { t } = useI18n();
  const movable = zones.filter((z) => !z.restOfWorld);
  return (
    <ol className="admin-shipping-zones">
      {zones.map((zone) => {
        const at = movable.findIndex((z) => z.id === zone.id);
        return (
          <li key={zone.id} id={`zone-${zone.id}`} className="admin-card">
            <h2>
              <Link to={`${SHIPPING_PATH}/${zone.id}`}>{zone.name}</Link>
            </h2>
            <p>
              <strong>{t('admin.shipping.locations')}:</strong>{' '}
              {zone.restOfWorld
                ? t('admin.shipping.rest_of_world_locations')
                : zone.locations.length > 0
                  ? zone.locations.join(', ')
                  : t('admin.shipping.no_locations')}
            </p>
            <p>
              <strong>{t('admin.shipping.methods')}:</strong>{' '}
              {zone.methods.length > 0
                ? zone.methods
                    .map((m) => (m.enabled ? m.title : `${m.title} (${t('admin.shipping.off')})`))
                    .join(', ')
                : t('admin.shipping.no_methods')}
            </p>
            {!zone.restOfWorld && (
              <div className="admin-shipping-move">
                {(['up', 'down'] as const).map((direction) => {
                  const disabled = direction === 'up' ? at === 0 : at === movable.length - 1;
                  return (
                    <Form method="post" key={direction}>
                      <input type="hidden" name="security" value={security} />
                      <input type="hidden" name="zone" value={zone.id} />
                      <input type="hidden" name="direction" value={direction} />
                      <button type="submit" className="button button-secondary" disabled={disabled}>
                        {t(`admin.shipping.move_${direction}`, { name: zone.name })}
                      </button>
                    </Form>
                  );
                })}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

type EditedZone = {
  id: number;
  name: Localized;
  restOfWorld: boolean;
  countries: string[];
  states: string[];
  postcodes: string[];
  methods: ZoneMethodInput[];
  version: string;
};

function errorOf(answer: OrderActionData | undefined, field: string) {
  return answer?.errors?.find((e) => e.field === field)?.message;
}

/** One method's settings, its controls named `method-<i>-...` in the zone form. */
function MethodFields({
  method,
  index,
  classes,
  answer,
}: {
  method: ZoneMethodInput;
  index: number;
  classes: { value: string; label: string }[];
  answer: OrderActionData | undefined;
}) {
  const { t, locale } = useI18n();
  const p = `method-${index}-`;
  const euros = (cents: number) => formatEuros(cents, locale === 'de' ? 'de' : 'en');
  const amount = (name: string, label: string, cents: number) => (
    <Field id={`${p}${name}`} label={label} error={errorOf(answer, `${p}${name}`)}>
      {(control) => (
        <input
          {...control}
          type="text"
          name={`${p}${name}`}
          defaultValue={euros(cents)}
          inputMode="decimal"
          maxLength={12}
          autoComplete="off"
        />
      )}
    </Field>
  );
  const check = (name: string, label: string, on: boolean) => (
    <Field id={`${p}${name}`} label={label} layout="choice">
      {(control) => (
        <input {...control} type="checkbox" name={`${p}${name}`} value="yes" defaultChecked={on} />
      )}
    </Field>
  );
  const s = method.settings;
  return (
    <fieldset className="admin-shipping-method">
      <legend>
        {t(`admin.shipping.method.${method.methodId}` as TextKey)}:{' '}
        {method.title.de || method.title.en}
      </legend>
      <input type="hidden" name={`${p}id`} value={method.id ?? ''} />
      {check('enabled', t('admin.shipping.enabled'), method.enabled)}
      {(['de', 'en'] as const).map((lang) => (
        <Field
          key={lang}
          id={`${p}title_${lang}`}
          label={t(`admin.shipping.title_${lang}`)}
          required={lang === 'de'}
          error={errorOf(answer, `${p}title_${lang}`)}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              name={`${p}title_${lang}`}
              defaultValue={method.title[lang] ?? ''}
              maxLength={120}
            />
          )}
        </Field>
      ))}
      {method.methodId === 'flat_rate' && (
        <>
          {amount('cost', t('admin.shipping.cost'), (s as FlatRateSettings).cost)}
          {classes.map((c) =>
            amount(
              `class-${c.value}`,
              t('admin.shipping.class_cost', { name: c.label }),
              (s as FlatRateSettings).classCosts[c.value] ?? 0,
            ),
          )}
          {amount(
            'no_class_cost',
            t('admin.shipping.no_class_cost'),
            (s as FlatRateSettings).noClassCost,
          )}
          <Field
            id={`${p}calculation`}
            label={t('admin.shipping.calculation')}
            error={errorOf(answer, `${p}calculation`)}
          >
            {(control) => (
              <select
                {...control}
                name={`${p}calculation`}
                defaultValue={(s as FlatRateSettings).calculation}
              >
                <option value="per_class">{t('admin.shipping.per_class')}</option>
                <option value="per_order">{t('admin.shipping.per_order')}</option>
              </select>
            )}
          </Field>
          {check('taxable', t('admin.shipping.taxable'), (s as FlatRateSettings).taxable)}
        </>
      )}
      {method.methodId === 'free_shipping' && (
        <>
          <Field
            id={`${p}requires`}
            label={t('admin.shipping.requires')}
            error={errorOf(answer, `${p}requires`)}
          >
            {(control) => (
              <select
                {...control}
                name={`${p}requires`}
                defaultValue={(s as FreeShippingSettings).requires}
              >
                {(['none', 'min_amount', 'coupon', 'either', 'both'] as const).map((r) => (
                  <option key={r} value={r}>
                    {t(`admin.shipping.requires_${r}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {amount(
            'min_amount',
            t('admin.shipping.min_amount'),
            (s as FreeShippingSettings).minAmount,
          )}
          {check(
            'ignore_discounts',
            t('admin.shipping.ignore_discounts'),
            (s as FreeShippingSettings).ignoreDiscounts,
          )}
        </>
      )}
      {(method.methodId === 'local_pickup' || method.methodId === 'pickup_point') && (
        <>
          {amount('cost', t('admin.shipping.cost'), (s as PickupPointSettings).cost)}
          {check('taxable', t('admin.shipping.taxable'), (s as PickupPointSettings).taxable)}
        </>
      )}
      {method.methodId === 'pickup_point' && (
        <Field
          id={`${p}provider`}
          label={t('admin.shipping.provider')}
          required
          error={errorOf(answer, `${p}provider`)}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              name={`${p}provider`}
              defaultValue={(s as PickupPointSettings).provider}
              maxLength={40}
            />
          )}
        </Field>
      )}
      {classes.length > 0 && (
        <Field
          id={`${p}exclude`}
          label={t('admin.shipping.excluded_classes')}
          layout="group"
          error={errorOf(answer, `${p}exclude`)}
        >
          {() =>
            classes.map((c) => (
              <label key={c.value} className="choice">
                <input
                  type="checkbox"
                  name={`${p}exclude`}
                  value={c.value}
                  defaultChecked={s.excludedClasses?.includes(c.value) ?? false}
                />
                <span>{c.label}</span>
              </label>
            ))
          }
        </Field>
      )}
      <Field
        id={`${p}place`}
        label={t('admin.shipping.method_place')}
        help={t('admin.shipping.method_place_help')}
        error={errorOf(answer, `${p}place`)}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            name={`${p}place`}
            defaultValue={String(index + 1)}
            inputMode="numeric"
            maxLength={3}
            autoComplete="off"
          />
        )}
      </Field>
      {check('remove', t('admin.shipping.remove_method'), false)}
    </fieldset>
  );
}

/** The zone form: name, locations, methods; a new method is added by choosing its kind. */
export function ZoneForm({
  zone,
  countries,
  classes,
  security,
  answer,
}: {
  zone: EditedZone | null;
  countries: { code: string; name: string }[];
  classes: { value: string; label: string }[];
  security: string;
  answer: OrderActionData | undefined;
}) {
  const { t } = useI18n();
  return (
    <Form method="post" className="admin-card admin-settings-form" noValidate>
      <input type="hidden" name="security" value={security} />
      <input type="hidden" name="intent" value="save" />
      {zone && <input type="hidden" name="version" value={zone.version} />}
      {(['de', 'en'] as const).map((lang) => (
        <Field
          key={lang}
          id={`name_${lang}`}
          label={t(`admin.shipping.name_${lang}`)}
          required={lang === 'de'}
          error={errorOf(answer, `name_${lang}`)}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              name={`name_${lang}`}
              defaultValue={zone?.name[lang] ?? ''}
              maxLength={120}
            />
          )}
        </Field>
      ))}
      {zone?.restOfWorld ? (
        <p>{t('admin.shipping.rest_of_world_locations')}</p>
      ) : (
        <>
          <Field
            id="countries"
            label={t('admin.shipping.countries')}
            help={t('admin.shipping.countries_help')}
            error={errorOf(answer, 'countries')}
          >
            {(control) => (
              <select
                {...control}
                name="countries"
                multiple
                size={8}
                defaultValue={zone?.countries ?? []}
              >
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            id="states"
            label={t('admin.shipping.states')}
            help={t('admin.shipping.states_help')}
            error={errorOf(answer, 'states')}
          >
            {(control) => (
              <textarea
                {...control}
                name="states"
                rows={3}
                defaultValue={(zone?.states ?? []).join('\n')}
              />
            )}
          </Field>
          <Field
            id="postcodes"
            label={t('admin.shipping.postcodes')}
            help={t('admin.shipping.postcodes_help')}
            error={errorOf(answer, 'postcodes')}
          >
            {(control) => (
              <textarea
                {...control}
                name="postcodes"
                rows={3}
                defaultValue={(zone?.postcodes ?? []).join('\n')}
              />
            )}
          </Field>
        </>
      )}
      <h2>{t('admin.shipping.methods')}</h2>
      {(zone?.methods ?? []).length === 0 && <p>{t('admin.shipping.no_methods')}</p>}
      {(zone?.methods ?? []).map((method, i) => (
        <MethodFields key={method.id} method={method} index={i} classes={classes} answer={answer} />
      ))}
      <Field
        id="add_method"
        label={t('admin.shipping.add_method')}
        help={t('admin.shipping.add_method_help')}
        error={errorOf(answer, 'add_method')}
      >
        {(control) => (
          <select {...control} name="add_method" defaultValue={zone ? '' : 'flat_rate'}>
            <option value="">{t('admin.shipping.add_none')}</option>
            {SHIPPING_METHOD_IDS.map((id) => (
              <option key={id} value={id}>
                {t(`admin.shipping.method.${id}` as TextKey)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button type="submit" className="button">
        {t(zone ? 'admin.shipping.save' : 'admin.shipping.create')}
      </button>
    </Form>
  );
}

/** Deleting a zone asks for a tick first, so one stray click deletes nothing. */
export function DeleteZone({
  security,
  answer,
}: {
  security: string;
  answer: OrderActionData | undefined;
}) {
  const { t } = useI18n();
  return (
    <section className="admin-card" aria-labelledby="zone-delete">
      <h2 id="zone-delete">{t('admin.shipping.delete_heading')}</h2>
      <Form method="post" className="admin-settings-form">
        <input type="hidden" name="security" value={security} />
        <input type="hidden" name="intent" value="delete" />
        <Field
          id="confirm"
          label={t('admin.shipping.delete_confirm')}
          layout="choice"
          error={errorOf(answer, 'confirm')}
        >
          {(control) => <input {...control} type="checkbox" name="confirm" value="yes" />}
        </Field>
        <button type="submit" className="button admin-shipping-danger">
          {t('admin.shipping.delete')}
        </button>
      </Form>
    </section>
  );
}

type Change = SettingChange & { action: string; fields: string };

/** The zone's latest changes, newest first. */
export function ZoneChanges({ changes }: { changes: readonly Change[] }) {
  const { t } = useI18n();
  return (
    <SettingChanges
      id="zone-audit"
      heading={t('admin.shipping.changes')}
      whatColumn={t('admin.shipping.col.action')}
      changes={changes}
      what={(change) => (
        <>
          {t(`admin.shipping.action.${change.action}` as TextKey)}
          {change.fields && `: ${change.fields}`}
        </>
      )}
    />
  );
}
