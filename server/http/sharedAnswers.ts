/**
 * Answers kept in memory by the key of their validator (who may see them, the URL, the change
 * counters of the tables they read, the business day): a route that declares
 * `changesWith.sharedBy` has each answer computed once per key and per instance, and every
 * request that asks with the same key before a counter moves gets the same serialized text.
 *
 * Why: a report of the whole business at a million order lines sums hundreds of thousands of
 * summary rows; twenty admins opening the dashboard at once asked for the same sums twenty times.
 * The key holds the counters read before the data (server/http/conditionalReads.ts), so a kept
 * answer is never older than its key says: a document issued after it raises a counter and the
 * next request computes anew. Requests that miss together wait for the first one's answer
 * instead of each computing it. A request sent with `Cache-Control: no-cache` is computed as if
 * nothing were kept (the bench measures the computation that way).
 */

/** An answer longer than this (characters of its JSON) is not kept: its query is not the repeated dashboard kind. */
export const MAX_KEPT_ANSWER_CHARS = 256 * 1024;
/** What the kept answers may hold in all, per instance (about 32 MB of memory); the least recently used go first. */
export const MAX_KEPT_CHARS = 16 * 1024 * 1024;

interface InFlight {
  promise: Promise<string | undefined>;
  settle: (answer: string | undefined) => void;
}

export class SharedAnswers {
  private readonly kept = new Map<string, string>();
  private readonly pending = new Map<string, InFlight>();
  private chars = 0;

  constructor(private readonly limits = { answerChars: MAX_KEPT_ANSWER_CHARS, totalChars: MAX_KEPT_CHARS }) {}

  /**
   * The kept answer of `key`, or the one being computed for it (awaited), or undefined: then the
   * caller computes it and must `settle` the key with what it sent (or undefined on a failure).
   */
  async take(key: string): Promise<{ answer: string } | { compute: true }> {
    const kept = this.kept.get(key);
    if (kept !== undefined) {
      // Used again: it moves to the end of the eviction order.
      this.kept.delete(key);
      this.kept.set(key, kept);
      return { answer: kept };
    }
    const inFlight = this.pending.get(key);
    if (inFlight) {
      const answer = await inFlight.promise;
      // The first one failed (an error answer is not kept): this request computes its own.
      return answer === undefined ? { compute: true } : { answer };
    }
    let settle!: (answer: string | undefined) => void;
    const promise = new Promise<string | undefined>((resolve) => (settle = resolve));
    this.pending.set(key, { promise, settle });
    return { compute: true };
  }

  /** What the computing request answered: kept when it is a whole answer small enough, handed to its waiters either way. */
  settle(key: string, answer: string | undefined): void {
    const inFlight = this.pending.get(key);
    this.pending.delete(key);
    if (answer !== undefined && answer.length <= this.limits.answerChars && !this.kept.has(key)) {
      this.kept.set(key, answer);
      this.chars += answer.length;
      for (const [oldest, text] of this.kept) {
        if (this.chars <= this.limits.totalChars) break;
        this.kept.delete(oldest);
        this.chars -= text.length;
      }
    }
    inFlight?.settle(answer);
  }

  /** How many answers are kept and their length in characters (for tests). */
  get size(): { answers: number; chars: number } {
    return { answers: this.kept.size, chars: this.chars };
  }
}
