import { type AddressInfo, createServer } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;

/** A real SMTP server on loopback that keeps what it receives (on `port`, or a free one). */
export async function startSmtp(options: Partial<SMTPServerOptions> & { port?: number } = {}) {
  const { port: wanted = 0, ...serverOptions } = options;
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    ...serverOptions,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(wanted, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return { server, port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Undoes quoted-printable soft line breaks and escapes (long link lines get wrapped). */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Quoted-printable to the UTF-8 text it encodes (multi-byte characters included). */
function quotedPrintableToUtf8(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return quotedPrintableToUtf8(body);
  return body;
}

/** A header's value as read, with RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) decoded. */
export function headerOf(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (!line) return '';
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : quotedPrintableToUtf8(data.replace(/_/g, ' ')),
    );
}

/**
 * The decoded text of a message's part of `type` (text/plain, text/html): what a mail program
 * shows, whatever transfer encoding nodemailer chose for it.
 */
export function partOf(raw: string, type: 'text/plain' | 'text/html'): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const [head, ...rest] = part.split(/\r?\n\r?\n/);
    if (!new RegExp(`content-type:\\s*${type.replace('/', '\\/')}`, 'i').test(head)) continue;
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1].toLowerCase();
    const body = rest.join('\n\n').replace(/\r?\n--[^\r\n]+--\s*$/, '');
    return decodeBody(body, encoding);
  }
  throw new Error(`no ${type} part in:\n${raw.slice(0, 2000)}`);
}

/** A port on loopback where nothing listens (an SMTP server that is down). */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
