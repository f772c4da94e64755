import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { e2eMailDir } from './mailDir';

export interface ReceivedMail {
  file: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
}

const dir = () => e2eMailDir(process.env.E2E_PORT ?? 3210);

async function read(file: string): Promise<ReceivedMail> {
  const parsed = await simpleParser(readFileSync(join(dir(), file)));
  const to = [parsed.to].flat().flatMap((address) => address?.value.map((v) => (v.address ?? '').toLowerCase()) ?? []);
  const headers: Record<string, string> = {};
  for (const line of parsed.headerLines) headers[line.key.toLowerCase()] = line.line.slice(line.line.indexOf(':') + 1).trim();
  return {
    file,
    to,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    messageId: parsed.messageId ?? '',
    headers,
  };
}

/** Every message the portal under test has sent so far, oldest first. */
export async function receivedMail(): Promise<ReceivedMail[]> {
  if (!existsSync(dir())) return [];
  const files = readdirSync(dir()).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(files.map(read));
}

/**
 * Waits for a message to `to` (and, if given, a subject matching `subject`) sent after `since`
 * (a count from `receivedMail().length`, so earlier mail to the same address is not mistaken for it).
 */
export async function waitForMail(match: { to: string; subject?: RegExp; since?: number }, timeoutMs = 20_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = await receivedMail();
    const found = all.slice(match.since ?? 0).find((mail) => mail.to.includes(match.to.toLowerCase()) && (!match.subject || match.subject.test(mail.subject)));
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(`no mail to ${match.to}${match.subject ? ` matching ${match.subject}` : ''} within ${timeoutMs} ms; received: ${all.map((m) => `${m.to.join(',')}: ${m.subject}`).join(' | ') || 'nothing'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The first link in a message's text (or HTML) whose path matches `path`, e.g. /\/complete\/membership\//. */
export function linkIn(mail: ReceivedMail, path: RegExp): string {
  const links = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>\]]+/g) ?? [];
  const link = links.find((candidate) => path.test(new URL(candidate).pathname));
  if (!link) throw new Error(`no link matching ${path} in "${mail.subject}": ${links.join(' ')}`);
  return link;
}
