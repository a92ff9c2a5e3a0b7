import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mail.server.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('mailer without SMTP', () => {
  it('writes each message to the outbox as an .eml file', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mail-'));
    dirs.push(dataDir);
    const mailer = createMailer({ DATA_DIR: dataDir, SMTP_URL: undefined }, 'shop@example.org');
    const result = await mailer.send({
      to: ['owner@example.org'],
      subject: 'Neue Anfrage: Grüße',
      text: 'Hallo\nWelt',
      attachments: [
        { filename: 'a.txt', content: Buffer.from('anhang'), contentType: 'text/plain' },
      ],
    });
    expect(result.ok).toBe(true);
    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('To: owner@example.org');
    expect(eml).toContain('From: shop@example.org');
    expect(eml).toMatch(/Subject: =\?UTF-8\?/);
    expect(eml).toContain('filename=a.txt');
  });

  it('reports a failure instead of throwing when SMTP is unreachable', async () => {
    const mailer = createMailer(
      { DATA_DIR: os.tmpdir(), SMTP_URL: 'smtp://127.0.0.1:1' },
      'shop@example.org',
    );
    const result = await mailer.send({ to: ['a@example.org'], subject: 's', text: 't' });
    expect(result.ok).toBe(false);
  });
});
