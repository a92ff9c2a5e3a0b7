import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TextKey } from '#app/lib/i18n.ts';
import { type Part, fieldParts } from '../support/forms-client.ts';
import { marker, solved } from '../support/forms-data.ts';
import { filesBelow, filesContaining, pdfFile, pngFile } from '../support/forms-files.ts';
import { mailsWith } from '../support/forms-mail.ts';
import {
  de,
  MB,
  shop,
  contactId,
  contactFields,
  visit,
  latestSubmission,
  uploadsDir,
  file,
  withContactFormShop,
} from '../support/contact-forms-shop.ts';

/** Uploads to the contact form that try to harm the shop. */

withContactFormShop();

describe('hostile uploads', () => {
  const fileError = (field: string, message: string) => [
    { field, message, idref: null, error_id: `f${contactId}-p1-o1-ve-${field}` },
  ];
  const m = marker();
  const corpus: [string, () => Part, TextKey][] = [
    ['a double extension', () => file('invoice.pdf.exe', pdfFile(m)), 'forms.file_type_invalid'],
    [
      'an SVG with a script',
      () =>
        file(
          'bild.svg',
          Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg"><script>alert("${m}")</script></svg>`,
          ),
        ),
      'forms.file_type_invalid',
    ],
    [
      'an SVG named .png',
      () =>
        file(
          'bild.png',
          Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg"><script>alert("${m}")</script></svg>`,
          ),
        ),
      'forms.file_type_invalid',
    ],
    ['a PNG named .pdf', () => file('scan.pdf', pngFile(m)), 'forms.file_type_invalid'],
    [
      'a .pdf that is no PDF',
      () => file('rechnung.pdf', Buffer.from(`MZ\x90\0 not a pdf ${m}`)),
      'forms.file_type_invalid',
    ],
    [
      'a file over the 5 MB of the field',
      () => file('gross.pdf', pdfFile(m, 6 * MB)),
      'forms.file_too_large',
    ],
    [
      'a file over the 10 MB request limit, cut while streaming',
      () => file('riesig.pdf', pdfFile(m, 11 * MB)),
      'forms.file_too_large',
    ],
    [
      'a single-file field sent without brackets',
      () => file('invoice.pdf.exe', pdfFile(m), 'attachment'),
      'forms.file_type_invalid',
    ],
  ];

  it.each(corpus)('refuses %s without keeping it', async (_name, make, error) => {
    const { client, form } = await visit();
    const reply = await client.submit(contactId, [
      ...fieldParts(
        solved(
          contactFields({ 'your-message': `Anbei die Datei, bitte prüfen. ${m}` }),
          form.captcha,
        ),
      ),
      make(),
    ]);
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('validation_failed');
    expect(reply.body.invalid_fields).toEqual(fileError('attachment', de(error)));
    const row = await latestSubmission();
    expect(row.status).toBe('validation_failed');
    expect(row.files).toEqual([]);
    expect(filesBelow(uploadsDir())).toEqual([]);
    expect(mailsWith(shop.dataDir, m)).toEqual([]);
  });

  it.each([
    ['a path in the name', '../../etc/passwd.png', 'passwd.png'],
    ['a Windows path in the name', 'C:\\Users\\eve\\..\\bild.png', 'bild.png'],
    [
      'invalid UTF-8 in the name',
      Buffer.concat([Buffer.from('bi'), Buffer.from([0xff, 0xfe]), Buffer.from('ld.png')]),
      'bild.png',
    ],
    ['shell and path specials in the name', 'a<b>|c?*:d.PNG', 'abcd.png'],
    ['a hidden-file name', '.htaccess.png', 'htaccess.png'],
  ])('mails a PNG with %s under a safe name only', async (_name, rawName, safeName) => {
    const { client, form } = await visit();
    const mm = marker();
    const png = pngFile(mm);
    const reply = await client.submit(contactId, [
      ...fieldParts(
        solved(
          contactFields({ 'your-message': `Anbei das Foto, bitte prüfen. ${mm}` }),
          form.captcha,
        ),
      ),
      file(rawName, png),
    ]);
    expect(reply.body.status).toBe('mail_sent');
    const row = await latestSubmission();
    expect(row.files).toEqual([
      { name: safeName, size: png.length, type: 'image/png', storedAs: null },
    ]);
    const [mail] = mailsWith(shop.dataDir, mm);
    expect(mail!.attachments.map((a) => a.filename)).toEqual([safeName]);
    expect(mail!.attachments[0]!.body.equals(png)).toBe(true);
    expect(mail!.raw).not.toContain('etc/passwd');
    expect(filesBelow(uploadsDir())).toEqual([]);
    expect(filesContaining(path.resolve('build/client'), mm)).toEqual([]);
    expect(filesContaining(path.join(shop.dataDir, 'media'), mm)).toEqual([]);
  });

  it('neither mails nor keeps files sent under fields that are not file fields of the form', async () => {
    const { client, form } = await visit();
    const mm = marker();
    const reply = await client.submit(contactId, [
      ...fieldParts(
        solved(
          contactFields({ 'your-message': `Nur eine Frage, ohne Anhang. ${mm}` }),
          form.captcha,
        ),
      ),
      file('evil.exe', Buffer.from(`MZ\x90\0 ${mm}`, 'latin1'), 'payload'),
      file('notiz.pdf', pdfFile(mm), 'order-number'),
    ]);
    expect(reply.body.status).toBe('mail_sent');
    const [mail] = mailsWith(shop.dataDir, mm);
    expect(mail!.attachments).toEqual([]);
    expect((await latestSubmission()).files).toEqual([]);
    expect(filesBelow(uploadsDir())).toEqual([]);
  });

  it('does not take a file for a required text field', async () => {
    const { client, form } = await visit();
    const reply = await client.submit(contactId, [
      ...fieldParts(solved(contactFields({ 'your-name': [] }), form.captcha)),
      file('name.pdf', pdfFile(marker()), 'your-name'),
    ]);
    expect(reply.body.status).toBe('validation_failed');
    expect(reply.body.invalid_fields.map((i: any) => [i.field, i.message])).toEqual([
      ['your-name', de('forms.invalid_required')],
    ]);
    expect(filesBelow(uploadsDir())).toEqual([]);
  });

  it('answers a control character in a part header as an unreadable request', async () => {
    const { client, form } = await visit();
    const reply = await client.submit(contactId, [
      ...fieldParts(solved(contactFields(), form.captcha)),
      file(Buffer.from('bi\x07ld.png', 'latin1'), pngFile(m)),
    ]);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      status: 'validation_failed',
      message: de('forms.request_broken'),
      invalid_fields: [],
    });
    expect(filesBelow(uploadsDir())).toEqual([]);
  });

  it('never leaves an upload under the public folders', () => {
    expect(filesContaining(path.resolve('build/client'), m)).toEqual([]);
    expect(filesContaining(path.join(shop.dataDir, 'media'), m)).toEqual([]);
    expect(filesBelow(uploadsDir())).toEqual([]);
  });
});
