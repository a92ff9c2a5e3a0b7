import { Form } from 'react-router';
import { countryName } from '#app/domain/customers/address-locale.ts';
import type { RateRow } from '#app/domain/invoices/tax-settings.rules.ts';
import type { TaxSettingsAnswer } from '#app/domain/invoices/tax-settings.view.ts';
import { TAX_CLASSES, formatRate } from '#app/domain/pricing/tax.ts';
import { rateControlId, rateField, rateInput } from '#app/domain/pricing/vat-rates.rules.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { AdminTable } from './admin-table.tsx';

/**
 * The VAT rates per member state and class, as the cart applies them: one field per rate,
 * named by its row's country and its column's class, with the default beside it.
 */
export function VatRatesForm({
  rates,
  defaults,
  version,
  security,
  answer,
}: {
  rates: RateRow[];
  defaults: RateRow[];
  version: string;
  security: string;
  answer: TaxSettingsAnswer | undefined;
}) {
  const { t, locale } = useI18n();
  const defaultOf = new Map(defaults.map((row) => [row.country, row.rates]));
  return (
    <section className="admin-card admin-tax-rates" aria-labelledby="tax-rates">
      <h2 id="tax-rates">{t('admin.taxSettings.rates')}</h2>
      <p className="hint" id="tax-rates-help">
        {t('admin.taxSettings.rates_edit_help')}
      </p>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="tax-rates" />
        <input type="hidden" name="security" value={security} />
        <input type="hidden" name="version" value={answer?.version ?? version} />
        <AdminTable
          labelledBy="tax-rates"
          columns={[
            { label: t('admin.taxSettings.col.country') },
            ...TAX_CLASSES.map((c) => ({
              label: t(`admin.taxSettings.col.${c}`),
              id: `tax-rate-col-${c}`,
            })),
          ]}
        >
          {rates.map((row) => (
            <tr key={row.country}>
              <th scope="row" id={`tax-rate-row-${row.country}`}>
                {countryName(row.country, locale)} ({row.country})
              </th>
              {TAX_CLASSES.map((taxClass) => {
                const id = rateControlId(row.country, taxClass);
                const name = rateField(row.country, taxClass);
                const error = answer?.errors.find((e) => e.field === id)?.message;
                const fallback = defaultOf.get(row.country)?.[taxClass];
                return (
                  <td key={taxClass} className={error ? 'is-invalid' : undefined}>
                    <input
                      id={id}
                      name={name}
                      type="text"
                      inputMode="decimal"
                      size={5}
                      className="tax-rate-input"
                      aria-labelledby={`tax-rate-row-${row.country} tax-rate-col-${taxClass}`}
                      aria-describedby={[`${id}-default`, error ? `${id}-tip` : '']
                        .filter(Boolean)
                        .join(' ')}
                      aria-invalid={error ? true : undefined}
                      defaultValue={
                        answer?.values?.[name] ?? rateInput(row.rates[taxClass], locale)
                      }
                    />{' '}
                    %
                    {fallback !== undefined && (
                      <span className="hint tax-rate-default" id={`${id}-default`}>
                        {t('admin.taxSettings.rate_default', {
                          rate: formatRate(fallback, locale),
                        })}
                      </span>
                    )}
                    {error && (
                      <span className="field-tip" id={`${id}-tip`}>
                        {error}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </AdminTable>
        <button type="submit" className="button">
          {t('admin.taxSettings.rates_save')}
        </button>
      </Form>
    </section>
  );
}
