import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { mailingDeliveries } from '../../../db/schema';

interface Mark {
  id: number;
  messageId: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Records deliveries as sent, each lane waiting for its own mark before it takes the next
 * message, so a crash still repeats at most one message per lane. Marks that arrive while a write
 * is under way go together in the next single UPDATE (a group commit): on the embedded database a
 * statement costs about a millisecond whatever it holds, and this is the one statement per message.
 */
export class SentMarks {
  private pending: Mark[] = [];
  private writing = false;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  mark(id: number, messageId: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ id, messageId, resolve, reject });
      if (!this.writing) void this.write();
    });
  }

  private async write(): Promise<void> {
    this.writing = true;
    while (this.pending.length > 0) {
      const marks = this.pending;
      this.pending = [];
      try {
        const rows = sql.join(
          marks.map((m) => sql`(${m.id}::bigint, ${m.messageId}::text)`),
          sql`, `,
        );
        await this.db.execute(sql`update ${mailingDeliveries} d
          set status = 'sent', sent_at = ${this.now()}, message_id = v.message_id, error = null, locked_until = null
          from (values ${rows}) as v(id, message_id) where d.id = v.id`);
        for (const m of marks) m.resolve();
      } catch (error) {
        for (const m of marks) m.reject(error);
      }
    }
    this.writing = false;
  }
}
