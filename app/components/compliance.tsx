import { type MessageKey, formatNumber, useI18n } from '#app/lib/i18n.ts';
import type { ComplianceView } from '#app/domain/catalog/catalog.view.ts';
import { NUTRIENT_KEYS } from '#app/domain/compliance/compliance.types.ts';
import { Icon } from './icon.tsx';
import { useMoney } from './ui/price.tsx';
import { markAllergens } from './compliance/allergens.ts';

/** Whether ComplianceDetails shows anything: without it the section has nothing to head. */
export function hasComplianceDetails(compliance: ComplianceView): boolean {
  return Boolean(
    compliance.defectDescription ||
    compliance.food ||
    compliance.deposit ||
    compliance.powerSupply ||
    compliance.hasProductSafetyInformation,
  );
}

/** Every piece of German and EU product information the product has, each under its own heading. */
export function ComplianceDetails({ compliance }: { compliance: ComplianceView }) {
  const { t } = useI18n();
  const { food, powerSupply, defectDescription, deposit } = compliance;
  return (
    <div className="compliance">
      {defectDescription && (
        <section aria-labelledby="defect-title" className="compliance-block compliance-defect">
          <h3 id="defect-title">{t('compliance.defect_description')}</h3>
          <p>{defectDescription}</p>
        </section>
      )}
      {food && <FoodInformation food={food} />}
      {deposit && <DepositInformation deposit={deposit} />}
      {powerSupply && (
        <section aria-labelledby="power-title" className="compliance-block">
          <h3 id="power-title">{t('compliance.power_supply')}</h3>
          <div className="power-label">
            <span className="power-pictogram" aria-hidden="true">
              {powerSupply.minWatts}–{powerSupply.maxWatts}W
              {powerSupply.usbPowerDelivery ? ' USB PD' : ''}
            </span>
            <ul>
              <li>
                {t(
                  powerSupply.chargerIncluded
                    ? 'compliance.charger_included'
                    : 'compliance.charger_not_included',
                )}
              </li>
              <li>
                {t('compliance.power_range', {
                  min: powerSupply.minWatts,
                  max: powerSupply.maxWatts,
                })}
              </li>
              {powerSupply.usbPowerDelivery && <li>{t('compliance.power_usb_pd')}</li>}
            </ul>
          </div>
        </section>
      )}
      {compliance.hasProductSafetyInformation && <SafetyInformation compliance={compliance} />}
    </div>
  );
}

function FoodInformation({ food }: { food: NonNullable<ComplianceView['food']> }) {
  const { t, locale } = useI18n();
  const rows = NUTRIENT_KEYS.filter((k) => food.nutrients[k] !== undefined);
  const facts: [MessageKey, string][] = [
    ['compliance.net_filling_quantity', food.netFillingQuantity],
    ['compliance.drained_weight', food.drainedWeight],
    ['compliance.place_of_origin', food.placeOfOrigin],
    ['compliance.distributor', food.distributor],
    [
      'compliance.alcohol_content',
      food.alcoholContent !== null
        ? t('compliance.alcohol_value', { value: formatNumber(food.alcoholContent, locale, 1) })
        : '',
    ],
  ];
  return (
    <section aria-labelledby="food-title" className="compliance-block">
      <h3 id="food-title">{t('compliance.food')}</h3>
      {food.description && <p>{food.description}</p>}
      {food.nutriScore && (
        <p
          className="nutri-score"
          role="img"
          aria-label={t('compliance.nutri_score_value', { score: food.nutriScore })}
        >
          {(['A', 'B', 'C', 'D', 'E'] as const).map((s) => (
            <span
              key={s}
              className={`nutri-${s.toLowerCase()}${s === food.nutriScore ? ' is-active' : ''}`}
              aria-hidden="true"
            >
              {s}
            </span>
          ))}
        </p>
      )}
      {food.ingredients && (
        <>
          <h4>{t('compliance.ingredients')}</h4>
          <p className="ingredients">
            {markAllergens(food.ingredients, food.allergens).map((part, i) =>
              part.allergen ? <strong key={i}>{part.text}</strong> : part.text,
            )}
          </p>
        </>
      )}
      {food.allergens.length > 0 && (
        <>
          <h4>{t('compliance.allergens')}</h4>
          <ul className="inline-list">
            {food.allergens.map((a) => (
              <li key={a}>{t(`compliance.allergen.${a}` as MessageKey)}</li>
            ))}
          </ul>
        </>
      )}
      {rows.length > 0 && (
        <table className="nutrients">
          <caption>{t('compliance.nutrients_per', { unit: food.nutrientReference })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('compliance.nutrient')}</th>
              <th scope="col">{t('compliance.value')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((k) => (
              <tr key={k} className={k === 'saturated_fat' || k === 'sugars' ? 'sub' : undefined}>
                <th scope="row">{t(`compliance.nutrient.${k}` as MessageKey)}</th>
                <td>
                  {formatNumber(food.nutrients[k]!, locale, 1)}
                  {k.startsWith('energy') ? (k === 'energy_kj' ? ' kJ' : ' kcal') : ' g'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {food.alcoholContent !== null && (
        <p className="alcohol-notice">
          <Icon name="shield" size={18} /> {t('compliance.alcohol_notice')}
        </p>
      )}
      <dl className="facts">
        {facts
          .filter(([, v]) => v)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{t(label)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

function DepositInformation({ deposit }: { deposit: NonNullable<ComplianceView['deposit']> }) {
  const { t } = useI18n();
  const money = useMoney();
  return (
    <section aria-labelledby="deposit-title" className="compliance-block">
      <h3 id="deposit-title">{t('compliance.deposit')}</h3>
      <p>
        {t('compliance.deposit_detail', {
          quantity: deposit.quantity,
          unit: money(deposit.unitAmount),
          name: deposit.name,
          type: t(
            deposit.packagingType === 'reusable'
              ? 'price.deposit_reusable'
              : 'price.deposit_disposable',
          ),
        })}{' '}
        = <strong>{money(deposit.amount)}</strong>
      </p>
    </section>
  );
}

function SafetyInformation({ compliance }: { compliance: ComplianceView }) {
  const { t, locale } = useI18n();
  const party = (title: MessageKey, p: NonNullable<ComplianceView['manufacturer']>) => (
    <div>
      <h4>{t(title)}</h4>
      <address>
        <strong>{p.name}</strong>
        <br />
        {p.postalAddress.split('\n').map((line, i) => (
          <span key={i}>
            {line}
            <br />
          </span>
        ))}
        <a href={`mailto:${p.email}`}>{p.email}</a>
        {p.url && (
          <>
            <br />
            <a href={p.url} rel="noopener noreferrer external">
              {p.url.replace(/^https?:\/\//, '')}
            </a>
          </>
        )}
      </address>
    </div>
  );
  return (
    <section aria-labelledby="safety-title" className="compliance-block">
      <h3 id="safety-title">{t('compliance.safety')}</h3>
      <div className="parties">
        {compliance.manufacturer && party('compliance.manufacturer', compliance.manufacturer)}
        {compliance.responsiblePerson &&
          party('compliance.responsible_person', compliance.responsiblePerson)}
      </div>
      {compliance.safetyInstructions && (
        <>
          <h4>{t('compliance.safety_instructions')}</h4>
          <p className="safety-instructions">{compliance.safetyInstructions}</p>
        </>
      )}
      {compliance.attachments.length > 0 && (
        <>
          <h4>{t('compliance.attachments')}</h4>
          <ul className="attachments">
            {compliance.attachments.map((a) => (
              <li key={a.url}>
                <a href={a.url} type={a.mimeType} download>
                  <Icon name="file" size={18} /> {a.title} (PDF,{' '}
                  {formatNumber(Math.max(1, Math.round(a.byteSize / 1024)), locale)} KB)
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
