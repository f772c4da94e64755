import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { branches, clients, users } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { recordAudit } from '../../audit/record';
import { badRequest, conflict, notFound } from '../../http/errors';

const branchRecord = (row: typeof branches.$inferSelect) => ({
  id: row.id,
  name: row.name,
  address: row.address,
  default_branch: row.defaultBranch,
});

/** admin/branches: all branches (a handful; the same list core data carries). */
export async function listBranches(db: Db) {
  const rows = await db.select().from(branches).orderBy(asc(branches.id));
  return { data: rows.map(branchRecord), total: rows.length };
}

export interface BranchInput {
  id?: number;
  name: string;
  address?: string;
  default_branch?: boolean;
}

/**
 * admin/savebranch. Exactly one branch is the default: making one the default
 * un-defaults the others in the same transaction, the default cannot be un-set (make another one
 * the default instead), and the first branch ever is the default.
 */
export async function saveBranch(db: Db, actor: CurrentUser, input: BranchInput) {
  const name = input.name.trim();
  if (!name) throw badRequest('name', 'name is required');
  return db.transaction(async (tx) => {
    const [currentDefault] = await tx.select().from(branches).where(eq(branches.defaultBranch, true));
    let stored: typeof branches.$inferSelect | undefined;
    if (input.id !== undefined) {
      [stored] = await tx.select().from(branches).where(eq(branches.id, input.id));
      if (!stored) throw notFound('Branch');
      if (stored.defaultBranch && input.default_branch === false) {
        throw conflict('default_branch', 'one branch is always the default: make another branch the default instead');
      }
    }
    const makeDefault = input.default_branch === true || (!currentDefault && stored === undefined) || (stored?.defaultBranch ?? false);
    // The partial unique index allows one default at a time, so the old one goes first.
    if (makeDefault && currentDefault && currentDefault.id !== input.id) {
      await tx.update(branches).set({ defaultBranch: false }).where(eq(branches.id, currentDefault.id));
    }
    const values = { name, address: input.address?.trim() ?? stored?.address ?? '', defaultBranch: makeDefault };
    const [saved] = stored
      ? await tx.update(branches).set(values).where(eq(branches.id, stored.id)).returning()
      : await tx.insert(branches).values(values).returning();
    await recordAudit(tx, {
      userId: actor.id,
      action: stored ? 'update' : 'create',
      entity: 'branch',
      entityId: saved.id,
      before: stored ?? null,
      after: saved,
    });
    return branchRecord(saved);
  });
}

/** admin/deletebranch: only a branch nobody uses, and never the default. */
export async function deleteBranch(db: Db, actor: CurrentUser, id: number) {
  await db.transaction(async (tx) => {
    const [branch] = await tx.select().from(branches).where(eq(branches.id, id));
    if (!branch) throw notFound('Branch');
    if (branch.defaultBranch) throw conflict('id', 'the default branch cannot be deleted: make another branch the default first');
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.branchId, id)).limit(1);
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.branchId, id)).limit(1);
    if (user || client) throw conflict('id', 'this branch still has users or members');
    await tx.delete(branches).where(and(eq(branches.id, id), ne(branches.defaultBranch, true)));
    await recordAudit(tx, { userId: actor.id, action: 'delete', entity: 'branch', entityId: id, before: branch });
  });
  return { id };
}
