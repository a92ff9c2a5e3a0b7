/** A moment's calendar date and clock time as two-digit strings (year four), 24-hour clock. */
export type DateTimeParts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

/**
 * The date and time of `date` in a time zone (the runtime's own when none is given), with the
 * digits of `locale`. Browser-safe: the browser's tracking stamp uses it too.
 */
export function dateTimeParts(
  date: Date,
  options: { timeZone?: string; locale?: string } = {},
): DateTimeParts {
  const parts = new Intl.DateTimeFormat(options.locale ?? 'en-CA', {
    timeZone: options.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: keyof DateTimeParts) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}
