import { Money } from '#app/components/ui/price.tsx';
import { countryName } from '#app/domain/customers/address-locale.ts';
import { formatRate } from '#app/domain/pricing/tax.ts';
import type { TaxTreatment } from '#app/domain/pricing/vat.rules.ts';
import { useI18n } from '#app/lib/i18n.ts';

/**
 * The rows under a total that say whose VAT it carries: none for a reverse-charge sale (with
 * the note the invoice must bear and the buyer's VAT id) or for a tax-free export (with the
 * destination), the destination's under OSS.
 * German VAT needs no note. Cart, order review, order pages and mails say the same.
 */
export function VatRows({ vat }: { vat: TaxTreatment }) {
  const { t, locale } = useI18n();
  if (vat.kind === 'reverse_charge' || vat.kind === 'export') {
    const reverse = vat.kind === 'reverse_charge';
    return (
      <>
        <tr className={`tax-rate ${reverse ? 'tax-reverse-charge' : 'tax-export'}`}>
          <th scope="row">{t('cart.tax_line', { rate: formatRate(0, locale) })}</th>
          <td>
            <Money amount={0} />
          </td>
        </tr>
        <tr className="vat-note">
          <td colSpan={2}>
            <strong>{t(reverse ? 'cart.reverse_charge' : 'cart.export')}</strong>
            <br />
            {reverse
              ? t('cart.reverse_charge_vat_id', { vatId: vat.vatId })
              : t('cart.export_country', { country: countryName(vat.country, locale) })}
          </td>
        </tr>
      </>
    );
  }
  if (vat.kind === 'destination') {
    return (
      <tr className="vat-note">
        <td colSpan={2}>{t('cart.tax_country', { country: countryName(vat.country, locale) })}</td>
      </tr>
    );
  }
  return null;
}
