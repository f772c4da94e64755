/**
 * Makes a user from the command line — the way to the first admin in production, where no demo
 * accounts exist:  npm run user:create -- --email boss@company.co.za --role admin [--name "…"]
 * The password is read from PORTAL_PASSWORD or, interactively, from standard input.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { ensureReferenceData } from '../db/seed/reference';
import { roles } from '../db/schema';
import { roleNames, type RoleName } from '../auth/roles';
import { createUser, UserInputError } from '../modules/auth/createUser';

async function readPassword(): Promise<string> {
  if (process.env.PORTAL_PASSWORD) return process.env.PORTAL_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question('Password (at least 12 characters): ');
  rl.close();
  return answer;
}

async function run(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, role: { type: 'string', default: 'admin' }, name: { type: 'string' } },
  });
  if (!values.email) {
    console.error('Usage: npm run user:create -- --email EMAIL [--role admin|production|reseller] [--name NAME]');
    return 2;
  }
  if (!roleNames.includes(values.role as RoleName)) {
    console.error(`--role must be one of: ${roleNames.join(', ')}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await ensureReferenceData(database.db);
    const role = await database.db.query.roles.findFirst({ where: eq(roles.name, values.role!) });
    const user = await createUser(database.db, {
      email: values.email,
      name: values.name ?? values.email,
      password: await readPassword(),
      roleId: role!.id,
    });
    console.log(`Created ${values.role} user #${user.id} <${user.email}>`);
    return 0;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError || error instanceof UserInputError ? error.message : error);
    process.exit(1);
  },
);
