import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { answerBackupRequests } from './db/backup';
import { DamagedDataError, openDatabase } from './db/client';
import { FolderInUseError } from './db/folderLock';
import { seedDemoData } from './db/seed/demo';
import { ensureReferenceData } from './db/seed/reference';
import { createMailer } from './mail/mailer';
import { buildApp } from './app';

/** How long a stopping server waits for the requests in flight (below the usual 30 s of an orchestrator's grace period). */
const SHUTDOWN_GRACE_MS = 25_000;

/** Starts the portal: config -> database (migrated) -> demo seed on an empty database -> listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  await ensureReferenceData(database.db);
  const uploadsDir = join(config.dataDir, 'uploads');
  answerBackupRequests(config.dataDir, database, (message) => console.log(message));
  if (config.seedDemo) await seedDemoData(database.db, { uploadsDir });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db });
  const app = await buildApp({
    db: database.db,
    replica: database.replica,
    mailer,
    jwtSecret: config.jwtSecret,
    twoFactorKey: config.twoFactorKey,
    publicUrl: config.publicUrl,
    distDir: config.distDir,
    demoAccounts: config.seedDemo,
    uploadsDir,
    logger: true,
    runJobs: true,
    membershipTokenDays: config.membershipTokenDays,
    leadRetentionDays: config.leadRetentionDays,
    mailRatePerSecond: config.mailRatePerSecond,
    liveStreamsPerUser: config.liveStreamsPerUser,
    corsOrigins: config.corsOrigins,
    webhookAllowedHosts: config.webhookAllowedHosts,
    listenAddress: { host: config.host, port: config.port },
    bounceWebhookSecret: config.bounceWebhookSecret,
    courierWebhookSecret: config.courierWebhookSecret,
    bounceMailbox: config.bounceMailbox,
    mailWindow: config.mailWindow,
    payfast: config.payfast,
    // Without PayFast settings a demo or development portal still shows the whole payment, through its test gateway.
    payfastTestGateway: !config.production,
    notices: database.notices,
  });
  // SIGTERM (a deploy, a scale-down): stop taking connections and claiming jobs, answer the requests
  // in flight, then close the database. A keep-alive connection that was busy when the signal came
  // goes idle once its answer is out; it is ended then, not after the keep-alive timeout. A request
  // that has not finished after SHUTDOWN_GRACE_MS is given up.
  const stop = async () => {
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    const giveUp = setTimeout(() => {
      app.log.warn(`requests still running after ${SHUTDOWN_GRACE_MS} ms; exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    giveUp.unref();
    await app.close();
    clearInterval(sweep);
    await mailer.close();
    await database.close();
    app.log.info('stopped');
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
  } else if (error instanceof DamagedDataError || error instanceof FolderInUseError) {
    console.error(`Database error: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
