import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { DamagedDataError, openDatabase } from './db/client';
import { seedDemoData } from './db/seed/demo';
import { ensureReferenceData } from './db/seed/reference';
import { createMailer } from './mail/mailer';
import { buildApp } from './app';

/** Starts the portal: config -> database (migrated) -> demo seed on an empty database -> listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await ensureReferenceData(database.db);
  const uploadsDir = join(config.dataDir, 'uploads');
  if (config.seedDemo) await seedDemoData(database.db, { uploadsDir });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db });
  const app = await buildApp({
    db: database.db,
    mailer,
    jwtSecret: config.jwtSecret,
    publicUrl: config.publicUrl,
    distDir: config.distDir,
    demoAccounts: config.seedDemo,
    uploadsDir,
    logger: true,
    runJobs: true,
    membershipTokenDays: config.membershipTokenDays,
    mailRatePerSecond: config.mailRatePerSecond,
    notices: database.notices,
  });
  const stop = async () => {
    await app.close();
    await mailer.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Members Portal on ${config.publicUrl} (database: ${database.kind}, mail: ${mailer.kind})`);
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else if (error instanceof DamagedDataError) {
    console.error(`Database error: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
