/** "12,50", "1.234,5", "12.50": a decimal number; null for empty, NaN for anything else. */
export function germanNumber(raw: string): number | null {
  const text = raw.trim().replace(/\s/g, '');
  if (text === '') return null;
  const plain = text.includes(',')
    ? text.replace(/\.(?=\d{3}(\D|$))/g, '').replace(',', '.')
    : text;
  if (!/^-?\d{1,12}(\.\d{1,6})?$/.test(plain)) return Number.NaN;
  return Number(plain);
}
