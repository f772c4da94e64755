/**
 * The portal's programs as the API tests start them in processes of their own (the crash, fault,
 * shutdown, backup and CLI tests): each one bundled once per run by esbuild with `npm start`'s
 * options (scripts/serverBundle.mjs), and run with plain `node`.
 *
 * Why: started as `node --import tsx …`, every process resolved and transformed its few hundred
 * modules through tsx's loader before it could open its database; the suite starts about thirty
 * such processes, on each of CI's two API runs. A bundle is one file Node reads and compiles at
 * once: a portal process up to listening on a migrated folder took 8.0–9.1 CPU-s instead of
 * 10.0–10.8 (/usr/bin/time, two of each). It is built from the same sources at the start of every
 * run (the suite's global setup, under a CPU-second), so a test never starts a stale program.
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { serverBundleOptions } from '../../../scripts/serverBundle.mjs';

/** The entry points, by the name a test starts them with. */
export const PROGRAMS = {
  /** The real start: configuration, database, migrations, listen. */
  main: 'server/main.ts',
  /** `npm run user:create`. */
  createUser: 'server/cli/createUser.ts',
  /** `npm run db:migrate | db:backup | db:restore`. */
  database: 'server/cli/database.ts',
  /** One portal with its job worker, for the tests that kill and restart it (portalServer.ts). */
  portalServer: 'tests/api/support/portalServer.ts',
} as const;

export type Program = keyof typeof PROGRAMS;

declare module 'vitest' {
  export interface ProvidedContext {
    programFolder: string;
  }
}

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * A folder directly under the project, as dist-server/ is: the server finds its migrations at
 * ../server/db/migrations from its bundle, and the packages in the project's node_modules.
 */
const folder = join(root, 'dist-test-server');

/** Builds every program into the folder (the global setup, once per run). */
export async function buildPrograms(): Promise<string> {
  const { build } = await import('esbuild');
  mkdirSync(folder, { recursive: true });
  // Each bundle is written beside its place and renamed into it: another run starting a program
  // from the folder meanwhile reads a whole file, the old one or the new one.
  const partial = join(folder, `.partial-${process.pid}`);
  await build({
    entryPoints: Object.fromEntries(Object.entries(PROGRAMS).map(([name, entry]) => [name, join(root, entry)])),
    outdir: partial,
    outExtension: { '.js': '.mjs' },
    ...serverBundleOptions,
  });
  for (const name of Object.keys(PROGRAMS)) renameSync(join(partial, `${name}.mjs`), join(folder, `${name}.mjs`));
  rmSync(partial, { recursive: true, force: true });
  return folder;
}

/** What to give `spawn(process.execPath, …)` to start a program with `args`. */
export function programArgs(program: Program, ...args: string[]): string[] {
  return [join(inject('programFolder'), `${program}.mjs`), ...args];
}
