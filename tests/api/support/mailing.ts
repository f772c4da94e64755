/** Fixtures and helpers of the mailing API tests (tests/api/crm-mailing*.test.ts). */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/client';
import { clients, emailTemplates, mailingListClients, mailingLists } from '../../../server/db/schema';
import { processEnv } from './database';
import { programArgs } from './programs';

let counter = 0;

/** Members, a list holding them and a template, straight in the database (thousands at a time for the fault test). */
export async function listOf(db: Db, n: number, fields: Partial<typeof clients.$inferInsert> = {}) {
  const tag = `${Date.now().toString(36)}${++counter}`;
  const ids: number[] = [];
  for (let start = 0; start < n; start += 500) {
    const rows = await db
      .insert(clients)
      .values(
        Array.from({ length: Math.min(500, n - start) }, (_, j) => ({
          type: 'stockist' as const,
          name: `Shop ${tag}-${start + j}`,
          contactName: `Owner ${start + j}`,
          email: `r${start + j}.${tag}@smtp.test`,
          membershipStatus: 'active' as const,
          membershipExpiresAt: new Date('2027-06-30T12:00:00Z'),
          ...fields,
        })),
      )
      .returning({ id: clients.id });
    ids.push(...rows.map((r) => r.id));
  }
  const [list] = await db.insert(mailingLists).values({ name: `SMTP list ${tag}` }).returning();
  await db.insert(mailingListClients).values(ids.map((clientId) => ({ listId: list.id, clientId })));
  const [template] = await db
    .insert(emailTemplates)
    .values({
      name: `SMTP template ${tag}`,
      subject: 'Renewal for {{client_name}}',
      body: '<p>Dear {{contact_name}},</p><p>{{client_name}} renews on {{membership_expires_at}}.</p><p><a href="{{unsubscribe_link}}">Unsubscribe</a></p>',
    })
    .returning();
  const emails = (await db.select({ email: clients.email }).from(clients).where(sql`${clients.id} in ${ids}`)).map((r) => r.email);
  return { listId: list.id, templateId: template.id, clientIds: ids, emails };
}

/** Waits until `check` holds, polling every 50 ms; fails naming `what` after `timeoutMs`. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A portal in its own process (tests/api/support/portalServer.ts, bundled: programs.ts); answers its port once it listens. */
export async function startInstance(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, programArgs('portalServer'), {
    env: { ...processEnv(), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the instance exited (${code}) before listening`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line).port));
  });
  return { child, port };
}

export function stopInstance(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  return exited;
}


export function messageIdOf(raw: string): string {
  return /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '';
}

