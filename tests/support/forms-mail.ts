import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * A small MIME reader for the mails the shop sends (nodemailer output): enough to check
 * headers, the text body and attachments without a mail parsing library.
 */
export type MailPart = {
  /** Header lines as sent (folded lines joined), in order. */
  rawHeaders: string[];
  /** Unfolded, RFC 2047-decoded header values by lower-case name. */
  headers: Map<string, string[]>;
  header(name: string): string | undefined;
  contentType: string;
  filename: string | undefined;
  body: Buffer;
  parts: MailPart[];
};

export type ParsedMail = MailPart & {
  raw: string;
  text: string;
  attachments: MailPart[];
};

function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, charset: string, enc: string, text) => {
      const bytes =
        enc.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : qpBytes(text.replace(/_/g, ' '), false);
      return new TextDecoder(charset.toLowerCase()).decode(bytes);
    });
}

function qpBytes(text: string, softBreaks = true): Buffer {
  const source = softBreaks ? text.replace(/=\r?\n/g, '') : text;
  const out: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(source.slice(i + 1, i + 3))) {
      out.push(parseInt(source.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      out.push(source.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(out);
}

/** Parameters of a structured header (boundary, charset, filename incl. RFC 2231 forms). */
function params(value: string): Map<string, string> {
  const found = new Map<string, string>();
  const pieces = new Map<string, { encoded: boolean; text: string }[]>();
  for (const match of value.matchAll(/;\s*([\w-]+)(\*(\d+))?(\*)?=("([^"]*)"|[^;\s]*)/g)) {
    const name = match[1]!.toLowerCase();
    const list = pieces.get(name) ?? [];
    list[Number(match[3] ?? 0)] = { encoded: Boolean(match[4]), text: match[6] ?? match[5]! };
    pieces.set(name, list);
  }
  for (const [name, list] of pieces) {
    let charset = 'utf-8';
    const text = list
      .map((piece, i) => {
        if (!piece.encoded) return piece.text;
        let t = piece.text;
        if (i === 0) {
          const [cs, , rest] = t.split("'");
          charset = cs || charset;
          t = rest ?? '';
        }
        return t;
      })
      .join('');
    const encoded = list.some((p) => p.encoded);
    found.set(
      name,
      encoded
        ? new TextDecoder(charset.toLowerCase()).decode(
            Buffer.from(
              text.replace(/%([0-9A-Fa-f]{2})/g, (_m, h: string) =>
                String.fromCharCode(parseInt(h, 16)),
              ),
              'latin1',
            ),
          )
        : decodeWords(text),
    );
  }
  return found;
}

function parsePart(raw: string): MailPart {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const bodyText = split ? raw.slice(split.index + split[0].length) : '';
  const rawHeaders: string[] = [];
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && rawHeaders.length > 0) {
      rawHeaders[rawHeaders.length - 1] += `\n${line}`;
    } else if (line !== '') {
      rawHeaders.push(line);
    }
  }
  const headers = new Map<string, string[]>();
  for (const line of rawHeaders) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = decodeWords(
      line
        .slice(colon + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    );
    headers.set(name, [...(headers.get(name) ?? []), value]);
  }
  const header = (name: string) => headers.get(name.toLowerCase())?.[0];
  const typeHeader = header('content-type') ?? 'text/plain';
  const contentType = typeHeader.split(';')[0]!.trim().toLowerCase();
  const typeParams = params(typeHeader);
  const disposition = params(header('content-disposition') ?? '');
  const encoding = (header('content-transfer-encoding') ?? '7bit').toLowerCase();
  let parts: MailPart[] = [];
  let body: Buffer;
  if (contentType.startsWith('multipart/') && typeParams.get('boundary')) {
    const boundary = typeParams.get('boundary')!;
    const sections = bodyText.split(
      new RegExp(`\\r?\\n?--${escapeRegExp(boundary)}(?:--)?[ \\t]*\\r?\\n?`),
    );
    parts = sections
      .slice(1, -1)
      .filter((s) => s.trim() !== '')
      .map(parsePart);
    body = Buffer.alloc(0);
  } else if (encoding === 'base64') {
    body = Buffer.from(bodyText.replace(/\s+/g, ''), 'base64');
  } else if (encoding === 'quoted-printable') {
    body = qpBytes(bodyText);
  } else {
    body = Buffer.from(bodyText, 'latin1');
  }
  return {
    rawHeaders,
    headers,
    header,
    contentType,
    filename: disposition.get('filename') ?? typeParams.get('name'),
    body,
    parts,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function leaves(part: MailPart): MailPart[] {
  return part.parts.length > 0 ? part.parts.flatMap(leaves) : [part];
}

export function parseMail(raw: Buffer | string): ParsedMail {
  const source = typeof raw === 'string' ? raw : raw.toString('latin1');
  const root = parsePart(source);
  const all = leaves(root);
  const textPart = all.find((p) => p.contentType === 'text/plain' && !p.filename);
  return {
    ...root,
    raw: source,
    // SMTP sends CRLF, the outbox files LF: the text is compared with \n line ends.
    text: textPart ? textPart.body.toString('utf8').replace(/\r\n/g, '\n') : '',
    attachments: all.filter((p) => p.filename !== undefined),
  };
}

/** Every .eml the shop wrote to DATA_DIR/outbox, parsed, with its file name. */
export function outboxMails(dataDir: string): (ParsedMail & { file: string })[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => ({ ...parseMail(readFileSync(path.join(outbox, name))), file: name }));
}

/** The outbox mails whose text contains `marker`. */
export function mailsWith(dataDir: string, marker: string): ParsedMail[] {
  return outboxMails(dataDir).filter((mail) => mail.text.includes(marker));
}
