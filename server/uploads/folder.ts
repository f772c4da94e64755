import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A folder of uploaded files under `<DATA_DIR>/uploads`, each kept under a random name that is
 * never reused (a name says nothing and cannot be guessed or overwritten).
 */
export class UploadFolder {
  readonly dir: string;

  constructor(uploadsDir: string, name: string) {
    this.dir = join(uploadsDir, name);
    mkdirSync(this.dir, { recursive: true });
  }

  /** Writes the bytes under a fresh name ending in `.extension` and answers the name. */
  async save(bytes: Buffer, extension: string): Promise<string> {
    const name = `${randomBytes(16).toString('hex')}.${extension}`;
    await writeFile(join(this.dir, name), bytes, { flag: 'wx' });
    return name;
  }

  /** A stored file's bytes; a name is only ever one this folder made (no path parts). */
  read(name: string): Promise<Buffer> {
    return readFile(join(this.dir, name.replace(/[^a-z0-9.]/g, '')));
  }

  /** Removes a file; one already gone is not an error (the record is what counts). */
  async remove(name: string): Promise<void> {
    await rm(join(this.dir, name.replace(/[^a-z0-9.]/g, '')), { force: true });
  }
}
