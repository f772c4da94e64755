/**
 * The database commands: `npm run db:migrate` (apply the migrations, then stop: for a deploy that
 * migrates before it starts the instances), `npm run db:backup -- [file]` and
 * `npm run db:restore -- <file>` (the embedded database; on PostgreSQL use pg_dump / pg_restore).
 * DATA_DIR, DATABASE_URL and DATABASE_DIRECT_URL as for the server.
 */
import { ConfigError, databaseConfig } from '../config';
import { backupEmbedded, restoreEmbedded } from '../db/backup';
import { openDatabase } from '../db/client';

async function run(command: string | undefined, file: string | undefined): Promise<void> {
  const config = databaseConfig();
  const { dataDir, databaseUrl } = config;
  if (command === 'migrate') {
    const database = await openDatabase(config);
    await database.close();
    console.log(`Migrations applied (${database.kind}).`);
    return;
  }
  if (command !== 'backup' && command !== 'restore') throw new ConfigError('usage: database.ts migrate | backup [file] | restore <file>');
  if (databaseUrl) {
    throw new ConfigError(
      `DATABASE_URL is set: back up PostgreSQL with its own tools (pg_dump --format=custom "$DATABASE_URL" > portal.dump; pg_restore --clean -d "$DATABASE_URL" portal.dump). db:${command} is for the embedded database.`,
    );
  }
  if (command === 'backup') {
    console.log(`Backup written: ${await backupEmbedded(dataDir, file)}`);
    console.log(`Keep DATA_DIR/uploads with it (banner images are files, not rows).`);
    return;
  }
  if (!file) throw new ConfigError('usage: npm run db:restore -- <backup file>');
  const keptAt = await restoreEmbedded(dataDir, file);
  console.log(`Restored ${file} into ${dataDir}.${keptAt ? ` The database it replaced is kept at ${keptAt}.` : ''}`);
}

run(process.argv[2], process.argv[3]).catch((error: Error) => {
  console.error(error instanceof ConfigError ? error.message : `db: ${error.message}`);
  process.exit(1);
});
