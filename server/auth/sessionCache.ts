/**
 * The users behind sessions, kept in memory so a signed-in request costs no database round trip to
 * check its token version. An entry is forgotten when the database says the user's row
 * changed (ChangeNotices, channel `portal_users`); while those notices may be missed (not yet
 * listening, or the connection dropped) nothing is cached and every request reads the database.
 */
export const USER_CHANGES_CHANNEL = 'portal_users';

/** Far above the users of one company; a cap so memory stays bounded whatever happens. */
const MAX_ENTRIES = 50_000;

export class SessionCache<T> {
  private readonly entries = new Map<number, T | null>();
  /** Bumped by every forget: a read that started before a change must not store what it read. */
  private generation = 0;
  private live = false;

  /** The user `id`, from memory or from `load` (its answer is kept when no change came in meanwhile). */
  async get(id: number, load: () => Promise<T | null>): Promise<T | null> {
    if (this.live && this.entries.has(id)) return this.entries.get(id)!;
    const generation = this.generation;
    const value = await load();
    if (this.live && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(id, value);
    }
    return value;
  }

  /** A notice: a user id, or `*` for everyone (a role changed). */
  notice(payload: string): void {
    this.generation += 1;
    const id = Number(payload);
    if (payload === '*' || !Number.isInteger(id)) this.entries.clear();
    else this.entries.delete(id);
  }

  setLive(live: boolean): void {
    this.generation += 1;
    this.live = live;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
