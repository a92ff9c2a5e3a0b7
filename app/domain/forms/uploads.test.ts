import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Part, fieldParts, multipart } from '../../../tests/support/forms-client.ts';
import { pdfFile, pngFile } from '../../../tests/support/forms-files.ts';
import {
  UPLOAD_LIMITS,
  detectType,
  discardFiles,
  extensionMatchesContent,
  receiveForm,
  sanitiseFileName,
} from './uploads.server.ts';

const MB = 1024 * 1024;
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

describe('sanitiseFileName', () => {
  it.each([
    ['foto.png', 'foto.png'],
    ['../../etc/passwd', 'passwd'],
    ['../../etc/passwd.png', 'passwd.png'],
    ['C:\\Users\\eve\\bild.jpg', 'bild.jpg'],
    ['invoice.pdf.exe', 'invoice_pdf.exe'],
    ['archiv.tar.gz', 'archiv_tar.gz'],
    ['.htaccess', 'htaccess'],
    ['..pdf', 'pdf'],
    ['...', 'datei'],
    ['', 'datei'],
    ['/', 'datei'],
    ['.pdf', 'pdf'],
    ['Foto.JPG', 'Foto.jpg'],
    ['  leer .pdf  ', 'leer .pdf'],
    ['bild\u0000\u0007\u001b.png', 'bild.png'],
    ['bild\u007f\u0085\u009b.png', 'bild.png'],
    ['bi\ufffd\ufffdld.png', 'bild.png'],
    ['rechnung\u202efdp.exe', 'rechnungfdp.exe'],
    ['\u200fa\u2066b\u2069.pdf', 'ab.pdf'],
    ['a<b>|c?*:"d.pdf', 'abcd.pdf'],
    ['x.p d!f', 'x.pdf'],
    ['x.' + 'b'.repeat(20), `x.${'b'.repeat(9)}`],
    ['A\u0308rger.pdf', '\u00c4rger.pdf'],
    ['résumé 2024.pdf', 'résumé 2024.pdf'],
    ['写真.png', '写真.png'],
  ])('%j becomes %j', (raw, safe) => {
    expect(sanitiseFileName(raw)).toBe(safe);
  });

  it('keeps a long name to 80 characters before the extension', () => {
    expect(sanitiseFileName(`${'a'.repeat(200)}.pdf`)).toBe(`${'a'.repeat(80)}.pdf`);
  });

  it('never returns a path, a hidden name or a control character', () => {
    const hostile = ['../../..', '..\\..\\boot.ini', '\u0000', '.', '..', '\r\n.png', 'a/\u0085'];
    for (const raw of hostile) {
      const safe = sanitiseFileName(raw);
      expect(safe, raw).not.toMatch(/[/\\\p{Cc}]|^\./u);
      expect(safe.length, raw).toBeGreaterThan(0);
    }
  });
});

describe('detectType', () => {
  it('recognises PDF, PNG and JPEG by their first bytes', () => {
    expect(detectType(pdfFile())).toBe('application/pdf');
    expect(detectType(pngFile())).toBe('image/png');
    expect(detectType(JPEG)).toBe('image/jpeg');
  });

  it('calls everything else an octet stream', () => {
    for (const head of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>'),
      Buffer.from('MZ\x90\0'),
      Buffer.from('%PDF'), // too short for the signature
      Buffer.from('\x89PNG'),
      Buffer.alloc(0),
      Buffer.from(' %PDF-1.4'),
    ]) {
      expect(detectType(head), head.toString('latin1')).toBe('application/octet-stream');
    }
  });
});

describe('extensionMatchesContent', () => {
  it.each([
    ['a.pdf', 'application/pdf', true],
    ['a.PDF', 'application/pdf', true],
    ['a.png', 'image/png', true],
    ['a.jpg', 'image/jpeg', true],
    ['a.jpeg', 'image/jpeg', true],
    ['a.pdf', 'image/png', false],
    ['a.png', 'application/pdf', false],
    ['a.jpeg', 'image/png', false],
    ['a.exe', 'application/octet-stream', false],
    ['a.svg', 'application/octet-stream', false],
    ['a.pdf', 'application/octet-stream', false],
    ['pdf', 'application/pdf', false],
    ['a_pdf.exe', 'application/pdf', false],
  ])('%s with %s: %s', (name, type, expected) => {
    expect(extensionMatchesContent(name, type)).toBe(expected);
  });
});

describe('receiveForm', () => {
  let dir: string;
  beforeEach(() => {
    dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'uploads-test-')), 'uploads');
  });
  afterEach(() => {
    rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  const stored = () => readdirSync(dir);
  const request = (body: Buffer | string, contentType?: string) =>
    new Request('http://shop.test/forms', {
      method: 'POST',
      body: typeof body === 'string' ? body : new Uint8Array(body),
      headers: contentType ? { 'content-type': contentType } : {},
    });
  const multipartRequest = (parts: Part[]) => {
    const { body, contentType } = multipart(parts);
    return request(body, contentType);
  };

  it('reads fields in order and stores files under random names with the detected type', async () => {
    const png = pngFile('receive');
    const received = await receiveForm(
      multipartRequest([
        ...fieldParts({ name: 'Erika', 'topics[]': ['a', 'b'] }),
        // The declared type is ignored: the bytes decide.
        { name: 'attachment[]', value: png, filename: '../x/foto.png', type: 'application/pdf' },
        { name: 'attachment[]', value: pdfFile(), filename: 'scan.pdf', type: 'image/png' },
      ]),
      dir,
    );
    expect(received.broken).toBe(false);
    expect(received.oversized).toEqual([]);
    expect(received.fields).toEqual({ name: ['Erika'], 'topics[]': ['a', 'b'] });
    expect(received.files.map((f) => [f.field, f.name, f.size, f.type])).toEqual([
      ['attachment[]', 'foto.png', png.length, 'image/png'],
      ['attachment[]', 'scan.pdf', pdfFile().length, 'application/pdf'],
    ]);
    for (const f of received.files) {
      expect(path.dirname(f.path)).toBe(dir);
      expect(path.basename(f.path)).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(readFileSync(received.files[0]!.path).equals(png)).toBe(true);
    await discardFiles(received.files);
    expect(stored()).toEqual([]);
  });

  it('skips the empty file part of an unused file input', async () => {
    const received = await receiveForm(
      multipartRequest([
        { name: 'attachment[]', value: Buffer.alloc(0), filename: '' },
        ...fieldParts({ name: 'Erika' }),
      ]),
      dir,
    );
    expect(received.files).toEqual([]);
    expect(received.fields).toEqual({ name: ['Erika'] });
    expect(stored()).toEqual([]);
  });

  it('reads url-encoded forms', async () => {
    const received = await receiveForm(
      request('a=1&a=2&b=x%0D%0Ay&c=', 'application/x-www-form-urlencoded'),
      dir,
    );
    expect(received).toEqual({
      fields: { a: ['1', '2'], b: ['x\r\ny'], c: [''] },
      files: [],
      oversized: [],
      broken: false,
    });
  });

  it('never keeps a field under a name longer than 100 characters', async () => {
    const long = 'n'.repeat(150);
    const encoded = await receiveForm(
      request(`${long}=lost&a=1`, 'application/x-www-form-urlencoded'),
      dir,
    );
    const formData = await receiveForm(
      multipartRequest(fieldParts({ [long]: 'lost', a: '1' })),
      dir,
    );
    for (const received of [encoded, formData]) {
      expect(received.fields.a).toEqual(['1']);
      expect(Object.keys(received.fields).every((name) => name.length <= 100)).toBe(true);
    }
  });

  it.each([
    ['JSON', '{"a":1}', 'application/json'],
    ['no content type', 'a=1', undefined],
    ['multipart without boundary', '--x\r\n', 'multipart/form-data'],
    [
      'a truncated part',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
      'multipart/form-data; boundary=x',
    ],
    [
      'a control character in a part header',
      '--x\r\nContent-Disposition: form-data; name="a\u0007"\r\n\r\n1\r\n--x--\r\n',
      'multipart/form-data; boundary=x',
    ],
  ])('marks %s as broken', async (_name, body, type) => {
    const received = await receiveForm(request(body, type), dir);
    expect(received.broken).toBe(true);
    await discardFiles(received.files);
  });

  it('marks a body that ends inside a file as broken and lets the caller remove the part', async () => {
    const { body, contentType } = multipart([
      { name: 'attachment[]', value: pdfFile('cut', 64 * 1024), filename: 'a.pdf' },
    ]);
    const received = await receiveForm(request(body.subarray(0, 40 * 1024), contentType), dir);
    expect(received.broken).toBe(true);
    await discardFiles(received.files);
    expect(stored()).toEqual([]);
  });

  it('cuts a file at the request limit while it streams and keeps nothing of it', async () => {
    const boundary = 'streaming-limit';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nErika\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="attachment[]"; filename="gross.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const chunks = Math.ceil((UPLOAD_LIMITS.totalFileBytes + MB) / chunk.length);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new Uint8Array(head));
        if (sent < chunks) controller.enqueue(new Uint8Array(chunk));
        else {
          controller.enqueue(new Uint8Array(tail));
          controller.close();
        }
        sent++;
      },
    });
    const received = await receiveForm(
      new Request('http://shop.test/forms', {
        method: 'POST',
        body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        duplex: 'half',
      } as RequestInit),
      dir,
    );
    expect(received.broken).toBe(false);
    expect(received.fields).toEqual({ name: ['Erika'] });
    expect(received.oversized).toEqual(['attachment[]']);
    expect(received.files).toHaveLength(1);
    expect(received.files[0]!.path).toBe('');
    expect(received.files[0]!.size).toBeLessThanOrEqual(UPLOAD_LIMITS.totalFileBytes);
    expect(stored()).toEqual([]);
  });

  it('counts the limit over all files of the request, cutting only the field that crosses it', async () => {
    const six = pdfFile('six', 6 * MB);
    const received = await receiveForm(
      multipartRequest([
        { name: 'first', value: six, filename: 'a.pdf' },
        { name: 'second', value: six, filename: 'b.pdf' },
      ]),
      dir,
    );
    expect(received.oversized).toEqual(['second']);
    const [first, second] = received.files;
    expect(first).toMatchObject({ field: 'first', size: six.length, type: 'application/pdf' });
    expect(readFileSync(first!.path).equals(six)).toBe(true);
    expect(second!.path).toBe('');
    expect(stored()).toEqual([path.basename(first!.path)]);
    await discardFiles(received.files);
    expect(stored()).toEqual([]);
  });

  it('takes at most the configured number of files', async () => {
    const parts = Array.from({ length: UPLOAD_LIMITS.files + 3 }, (_, i) => ({
      name: 'attachment[]',
      value: pngFile(`n${i}`),
      filename: `f${i}.png`,
    }));
    const received = await receiveForm(multipartRequest(parts), dir);
    expect(received.files).toHaveLength(UPLOAD_LIMITS.files);
    expect(stored()).toHaveLength(UPLOAD_LIMITS.files);
    await discardFiles(received.files);
  });
});
