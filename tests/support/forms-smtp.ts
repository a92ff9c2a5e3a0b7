import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string | null; to: string[]; raw: Buffer };

export type TestSmtp = {
  /** For SMTP_URL. */
  url: string;
  /** Every message accepted so far, in order. */
  messages: ReceivedMail[];
  /** From now on, refuse at RCPT TO or after DATA with 550; null accepts again. */
  refuse(stage: 'rcpt' | 'data' | null): void;
  close(): Promise<void>;
};

function refusal(message: string): Error {
  return Object.assign(new Error(message), { responseCode: 550 });
}

/** A real SMTP server on a free loopback port that keeps what it receives in memory. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  let refuseAt: 'rcpt' | 'data' | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuseAt === 'rcpt')
        return callback(refusal(`<${address.address}>: mailbox unavailable`));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuseAt === 'data') return callback(refusal('Message refused by policy'));
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse: (stage) => {
      refuseAt = stage;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
