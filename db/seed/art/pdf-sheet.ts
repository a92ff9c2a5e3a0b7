import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeAtomically } from '#app/domain/media/images.server.ts';

/** Characters of Windows-1252 beyond Latin-1 that German texts use. */
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
};

function pdfString(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = WIN_ANSI_EXTRA[ch] ?? ch.codePointAt(0)!;
    const byte = code <= 0xff ? code : 0x3f; // '?' for anything Helvetica cannot show
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `(${out})`;
}

function wrap(text: string, max: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > max) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  out.push(line);
  return out;
}

/**
 * Writes a one-page A4 PDF with a bold title and text lines (Helvetica, WinAnsi),
 * built by hand so that no PDF library is needed. Returns the file size.
 */
export async function renderPdfSheet(
  title: string,
  lines: string[],
  filePath: string,
): Promise<{ byteSize: number }> {
  const ops: string[] = [
    'BT',
    '/F2 18 Tf',
    '56 780 Td',
    `${pdfString(title)} Tj`,
    '/F1 11 Tf',
    '0 -30 Td',
  ];
  let y = 750;
  for (const line of lines) {
    for (const part of line === '' ? [''] : wrap(line, 86)) {
      if (y < 60) break;
      ops.push(`${pdfString(part)} Tj`, '0 -16 Td');
      y -= 16;
    }
  }
  ops.push('ET');
  const stream = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const data = Buffer.from(body, 'latin1');
  await mkdir(path.dirname(filePath), { recursive: true });
  await writeAtomically(filePath, (tmp) => writeFile(tmp, data));
  return { byteSize: (await stat(filePath)).size };
}
