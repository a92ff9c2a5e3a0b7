import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Env } from './env.server.ts';

export type MailMessage = {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Set when a repeat of the same mail must be recognisable as such. */
  messageId?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};

export type MailResult = { ok: true; messageId: string } | { ok: false; error: string };

export type Mailer = { send(message: MailMessage): Promise<MailResult> };

/**
 * Real SMTP when SMTP_URL is set; otherwise every message is written to DATA_DIR/outbox as
 * an .eml file, so a shop without a mail server loses nothing and shows what it would send.
 */
export function createMailer(env: Pick<Env, 'SMTP_URL' | 'DATA_DIR'>, from: string): Mailer {
  if (env.SMTP_URL) {
    // A stalled mail server must not hold the visitor's request for minutes.
    const transport = nodemailer.createTransport(
      {
        url: env.SMTP_URL,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      } as never,
      { from },
    );
    return {
      async send(message) {
        try {
          const info = await transport.sendMail({ from, ...message });
          return { ok: true, messageId: info.messageId };
        } catch (error) {
          return { ok: false, error: (error as Error).message };
        }
      },
    };
  }
  const outbox = path.resolve(env.DATA_DIR, 'outbox');
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      try {
        const info = await transport.sendMail({ from, ...message });
        await mkdir(outbox, { recursive: true });
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w-]/g, '')}.eml`;
        await writeFile(path.join(outbox, name), info.message as Buffer);
        return { ok: true, messageId: info.messageId };
      } catch (error) {
        return { ok: false, error: (error as Error).message };
      }
    },
  };
}
