// Dates and times as a person in Germany types and reads them (Europe/Berlin, summer time
// included), for the editor's publish date.

const berlinParts = (at: Date) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Berlin',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );

/** `YYYY-MM-DD` and `HH:MM` on the Berlin clock as a moment; null when no such moment exists. */
export function berlinDateTime(day: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [y, mo, da, h, mi] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (h > 23 || mi > 59) return null;
  const utc = Date.UTC(y, mo - 1, da, h, mi);
  // Berlin is one or two hours ahead of UTC; the one whose clock shows the typed time wins.
  for (const hours of [1, 2]) {
    const at = new Date(utc - hours * 3_600_000);
    const p = berlinParts(at);
    if (
      Number(p.year) === y &&
      Number(p.month) === mo &&
      Number(p.day) === da &&
      Number(p.hour) === h &&
      Number(p.minute) === mi
    )
      return at;
  }
  return null;
}

/** A moment as the Berlin date and time the editor's controls show. */
export function berlinDateAndTime(at: Date | null): { date: string; time: string } {
  if (!at) return { date: '', time: '' };
  const p = berlinParts(at);
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** Midnight of a Berlin calendar day (`YYYY-MM-DD`), plus `days`. */
export function berlinDay(day: string, days = 0): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days);
  const check = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (check.getUTCMonth() !== Number(m[2]) - 1 || check.getUTCDate() !== Number(m[3])) return null;
  // Berlin is one or two hours ahead of UTC; the offset at that moment decides.
  for (const hours of [1, 2]) {
    const at = new Date(utc - hours * 3_600_000);
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Berlin',
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(at);
    if (Number(parts) === 0) return at;
  }
  return new Date(utc - 3_600_000);
}

/** A Berlin calendar day as `YYYY-MM-DD`, for a date control. */
export function berlinDate(date: Date | null): string {
  if (!date) return '';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
  return parts;
}
