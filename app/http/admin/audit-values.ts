/** One audited value (before or after) as short text for a back-office table. */
export function auditValueText(value: unknown, max = 120): string {
  if (value === undefined || value === null || value === '') return '–';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
