/**
 * Contact-form validation rules, shared by the browser (on change) and the server (the authority).
 * Pure TypeScript on purpose: no Node, DOM or URL APIs, so both sides give identical answers.
 */

export type UploadedFileInfo = { name: string; size: number; type: string };
export type FieldValue = string | UploadedFileInfo;
export type FormValues = Record<string, FieldValue[]>; // field name -> its values (checkbox groups/multi-file have several)

export type Rule =
  | {
      rule: 'required' | 'requiredfile' | 'email' | 'url' | 'tel' | 'number' | 'date' | 'time';
      field: string;
      error: string;
    }
  | { rule: 'file'; field: string; error: string; accept: string[] } // '.pdf', 'image/*', 'application/pdf'
  | { rule: 'enum'; field: string; error: string; accept: string[] }
  | { rule: 'dayofweek'; field: string; error: string; accept: number[] } // ISO weekday 1 = Monday … 7 = Sunday
  | {
      rule: 'minitems' | 'maxitems' | 'minlength' | 'maxlength' | 'minfilesize' | 'maxfilesize';
      field: string;
      error: string;
      threshold: number;
    }
  | { rule: 'minnumber' | 'maxnumber'; field: string; error: string; threshold: number }
  | { rule: 'mindate' | 'maxdate'; field: string; error: string; threshold: string } // YYYY-MM-DD
  | { rule: 'stepnumber'; field: string; error: string; base: number; interval: number }
  | { rule: 'all' | 'any'; field: string; error: string; rules: Rule[] };

export type InvalidField = { field: string; message: string };

/** Validates values against the rules; at most one error per field, the first failing rule's, in rule order. */
export function validateForm(
  rules: readonly Rule[],
  values: FormValues,
  only?: ReadonlySet<string>,
): InvalidField[] {
  const invalid: InvalidField[] = [];
  const failed = new Set<string>();
  for (const rule of rules) {
    if (failed.has(rule.field) || (only && !only.has(rule.field))) continue;
    if (!checkRule(rule, fieldValues(values, rule.field))) {
      failed.add(rule.field);
      invalid.push({ field: rule.field, message: rule.error });
    }
  }
  return invalid;
}

/** One rule against one field's values: true when it passes. */
export function checkRule(rule: Rule, values: FieldValue[]): boolean {
  // Text is judged trimmed (as the server stores it); blank values are "not given".
  const present = values.map(trimValue).filter((value) => !isBlank(value));
  const texts = present.filter(isText);
  const files = present.filter(isFile);
  // Format rules need text; a file where text belongs (tampered request) fails.
  const everyText = (test: (text: string) => boolean) =>
    present.every((value) => isText(value) && test(value));

  switch (rule.rule) {
    case 'required':
      return present.length > 0;
    case 'requiredfile':
      return files.some((file) => file.size > 0);
    case 'email':
      return everyText(isEmail);
    case 'url':
      return everyText((text) => normaliseUrl(text) !== null);
    case 'tel':
      return everyText(isTel);
    case 'number':
      return everyText(isNumber);
    case 'date':
      return everyText(isDate);
    case 'time':
      return everyText(isTime);
    case 'file':
      return present.every((value) => isFile(value) && fileAccepted(value, rule.accept));
    case 'enum':
      return everyText((text) => rule.accept.includes(text));
    case 'dayofweek':
      return everyText((text) => isDate(text) && rule.accept.includes(isoWeekday(text)));
    case 'minitems':
      return present.length >= rule.threshold;
    case 'maxitems':
      return present.length <= rule.threshold;
    case 'minlength':
      return texts.length === 0 || codePoints(texts) >= rule.threshold;
    case 'maxlength':
      return codePoints(texts) <= rule.threshold;
    case 'minnumber':
      return everyText((text) => isNumber(text) && Number(text) >= rule.threshold);
    case 'maxnumber':
      return everyText((text) => isNumber(text) && Number(text) <= rule.threshold);
    case 'mindate':
      // YYYY-MM-DD compares correctly as a string.
      return everyText((text) => isDate(text) && text >= rule.threshold);
    case 'maxdate':
      return everyText((text) => isDate(text) && text <= rule.threshold);
    case 'minfilesize':
      return files.length === 0 || totalSize(files) >= rule.threshold;
    case 'maxfilesize':
      return totalSize(files) <= rule.threshold;
    case 'stepnumber':
      return everyText((text) => isNumber(text) && onStep(Number(text), rule.base, rule.interval));
    case 'all':
      return rule.rules.every((sub) => checkRule(sub, values));
    case 'any':
      return rule.rules.some((sub) => checkRule(sub, values));
    default:
      // A rule this code does not know (schema from a newer version) must not let data through.
      return assertNever(rule);
  }
}

const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

export function isEmail(text: string): boolean {
  if (text.length < 6 || text.includes('..')) return false;
  const at = text.indexOf('@');
  if (at < 1 || at !== text.lastIndexOf('@')) return false;
  const labels = text.slice(at + 1).split('.');
  // Empty labels catch a leading or trailing dot in the domain.
  return (
    EMAIL_LOCAL.test(text.slice(0, at)) &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label))
  );
}

const URL_SCHEMES = new Set([
  'http',
  'https',
  'ftp',
  'ftps',
  'mailto',
  'news',
  'irc',
  'irc6',
  'ircs',
  'gopher',
  'nntp',
  'feed',
  'telnet',
  'mms',
  'rtsp',
  'sms',
  'svn',
  'tel',
  'fax',
  'xmpp',
  'webcal',
  'urn',
]);
// Web schemes are only useful with a host; the others (mailto:, tel:, urn: …) just need a body.
const HOST_SCHEMES = new Set(['http', 'https', 'ftp', 'ftps']);
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
// Whitespace, controls and characters that are never literal in a URL.
const URL_FORBIDDEN = /[\s\p{Cc}<>"\\^`{|}]/u;
// Letters beyond ASCII too: internationalised hosts such as müller.de are typed as they are.
const HOST_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?$/u;

/** The URL with http:// prepended where the spec says, or null when not a valid URL with a known scheme. */
export function normaliseUrl(text: string): string | null {
  let url = text.trim();
  if (!SCHEME.test(url) && url.includes('.')) url = `http://${url.replace(/^\/+/, '')}`;
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined || !URL_SCHEMES.has(scheme)) return null;
  const rest = url.slice(scheme.length + 1);
  if (rest === '' || URL_FORBIDDEN.test(rest)) return null;
  if (HOST_SCHEMES.has(scheme) && !hasValidAuthority(rest)) return null;
  return url;
}

function hasValidAuthority(rest: string): boolean {
  const authority = /^\/\/([^/?#]*)/.exec(rest)?.[1];
  if (authority === undefined) return false;
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  const match = /^(\[[0-9A-Fa-f:.]+\]|[^:]+)(?::(\d*))?$/.exec(hostPort);
  const host = match?.[1];
  if (host === undefined) return false;
  if (host.startsWith('[')) return true;
  const labels = host.replace(/\.$/, '').split('.'); // a trailing root dot is legal
  return labels.every((label) => HOST_LABEL.test(label));
}

export function isTel(text: string): boolean {
  const compact = text.replace(/[\s\-./()]/g, '');
  const match = /^(?:\+|00)?(\d+)$/.exec(compact);
  // The + or 00 prefix is not part of the (E.164, at most 15 digit) number.
  const digits = match?.[1]?.length ?? 0;
  return digits >= 6 && digits <= 15;
}

/** HTML floating-point number syntax: optional minus, digits and/or fraction, optional exponent. */
export function isNumber(text: string): boolean {
  return /^-?(?:\d+|\d*\.\d+)(?:[eE][+-]?\d+)?$/.test(text);
}

export function isDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export function isTime(text: string): boolean {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!match) return false;
  return Number(match[1]) <= 23 && Number(match[2]) <= 59 && Number(match[3] ?? 0) <= 59;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a valid YYYY-MM-DD, by arithmetic, so no time zone can shift it. */
function isoWeekday(date: string): number {
  let year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  // Sakamoto's method; yields 0 = Sunday.
  const offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];
  if (month < 3) year -= 1;
  const weekday =
    (year +
      Math.floor(year / 4) -
      Math.floor(year / 100) +
      Math.floor(year / 400) +
      (offsets[month - 1] ?? 0) +
      day) %
    7;
  return weekday === 0 ? 7 : weekday;
}

function onStep(value: number, base: number, interval: number): boolean {
  // Like HTML step="any": without a positive interval there is no step to keep.
  if (!(interval > 0) || !Number.isFinite(interval)) return true;
  const steps = (value - base) / interval;
  // Binary fractions: (0.3 - 0) / 0.1 is 2.9999999999999996, which is on the step.
  return Math.abs(steps - Math.round(steps)) <= 1e-9 * Math.max(1, Math.abs(steps));
}

function fileAccepted(file: UploadedFileInfo, accept: readonly string[]): boolean {
  const name = file.name.toLowerCase();
  const type = (file.type.split(';')[0] ?? '').trim().toLowerCase();
  return accept.some((entry) => {
    const wanted = entry.trim().toLowerCase();
    // endsWith, so 'x.pdf.exe' is not a '.pdf' while '.tar.gz' still works.
    if (wanted.startsWith('.')) return wanted.length > 1 && name.endsWith(wanted);
    if (wanted.endsWith('/*')) return type.startsWith(wanted.slice(0, -1)) && !type.endsWith('/');
    return wanted.includes('/') && type === wanted;
  });
}

function fieldValues(values: FormValues, field: string): FieldValue[] {
  // hasOwn: a field named "constructor" must not read Object.prototype.
  const own = Object.hasOwn(values, field) ? values[field] : undefined;
  return Array.isArray(own) ? own : [];
}

function trimValue(value: FieldValue): FieldValue {
  return typeof value === 'string' ? value.trim() : value;
}

/** An empty string, or the empty file part a browser sends when no file was chosen. */
function isBlank(value: FieldValue): boolean {
  if (typeof value === 'string') return value === '';
  return typeof value !== 'object' || value === null || (value.name === '' && !(value.size > 0));
}

function isText(value: FieldValue): value is string {
  return typeof value === 'string';
}

function isFile(value: FieldValue): value is UploadedFileInfo {
  return typeof value === 'object' && value !== null;
}

function codePoints(texts: readonly string[]): number {
  // Code points, so 'ü' and '😀' are one character each (String#length counts UTF-16 units).
  return texts.reduce((count, text) => count + [...text].length, 0);
}

function totalSize(files: readonly UploadedFileInfo[]): number {
  return files.reduce((sum, file) => sum + file.size, 0);
}

function assertNever(_rule: never): false {
  return false;
}
