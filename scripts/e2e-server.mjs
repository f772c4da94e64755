/** The portal as the browser tests see it: `npm start` on a fresh, empty data folder. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
console.log(`e2e data folder: ${process.env.DATA_DIR}`);
await import('./start.mjs');
