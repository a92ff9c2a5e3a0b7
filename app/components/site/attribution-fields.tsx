import { useEffect, useState } from 'react';
import {
  ATTRIBUTION_FIELDS,
  type Attribution,
} from '#app/domain/attribution/attribution.fields.ts';
import { loadAttribution, useConsent } from './consent.tsx';

/**
 * The attribution as hidden inputs of an order or registration form: empty until the shopper
 * allows tracking, emptied again when they refuse.
 */
export function AttributionFields() {
  const { consent, prefix } = useConsent();
  const [values, setValues] = useState<Attribution>({});
  useEffect(() => {
    if (consent !== 'allow' || !prefix) return;
    let live = true;
    void loadAttribution().then((m) => {
      if (live) setValues(m.currentAttribution());
    });
    return () => {
      live = false;
    };
  }, [consent, prefix]);
  if (!prefix) return null;
  const shown = consent === 'allow' ? values : {};
  return (
    <>
      {ATTRIBUTION_FIELDS.map((field) => (
        <input key={field} type="hidden" name={prefix + field} value={shown[field] ?? ''} />
      ))}
    </>
  );
}
