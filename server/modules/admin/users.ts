import { and, count, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { branches, clients, roles, users } from '../../db/schema';
import { uniqueViolation } from '../../db/uniqueViolation';
import { MIN_PASSWORD_LENGTH, hashPassword } from '../../auth/passwords';
import { memberRoles, type CurrentUser, type RoleName } from '../../auth/roles';
import { recordAudit } from '../../audit/record';
import { snapshot } from '../../audit/snapshot';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors';
import { type ListParams, idsCondition, likePattern, orderByOf, pageOf } from '../../http/listQuery';
import { UserInputError, createUser } from '../auth/createUser';
import { assertClientVisible } from '../clients/access';
import { repSalesColumns } from '../reps/sales';

export const userSortFields = ['name', 'id', 'email', 'role_id', 'branch_id', 'active', 'created_at'] as const;
export type UserSortField = (typeof userSortFields)[number];
/** The reps list also sorts by what each rep's clients are worth. */
export const repSortFields = [...userSortFields, 'client_count', 'sales_total'] as const;
export type RepSortField = (typeof repSortFields)[number];

export interface UserListQuery extends ListParams<RepSortField> {
  q?: string;
  role_id?: number;
  branch_id?: number;
  active?: boolean;
}

/** The user as the API sends it (snake_case fields) and the role's name; never the password hash or the token version. */
const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role_id: users.roleId,
  role_name: roles.name,
  client_id: users.clientId,
  branch_id: users.branchId,
  active: users.active,
  createdAt: users.createdAt,
};

type UserRow = Omit<UserRecord, 'created_at'> & { createdAt: Date };

const userRecord = ({ createdAt, ...row }: UserRow): UserRecord => ({ ...row, created_at: createdAt.toISOString() });

export interface UserRecord {
  id: number;
  name: string;
  email: string;
  role_id: number;
  role_name: string;
  client_id: number | null;
  branch_id: number | null;
  active: boolean;
  created_at: string;
}

const sortColumns = {
  name: users.name,
  id: users.id,
  email: users.email,
  role_id: users.roleId,
  branch_id: users.branchId,
  active: users.active,
  created_at: users.createdAt,
  ...repSalesColumns,
};

/** Which users a list holds: a client's users, the company's (no client), or the reps. */
export type UserScope = { clientId: number } | 'company' | 'reps';

function scopeCondition(scope: UserScope): SQL {
  if (scope === 'company') return isNull(users.clientId);
  if (scope === 'reps') return and(eq(roles.name, 'reseller'), eq(users.active, true))!;
  return eq(users.clientId, scope.clientId);
}

/** A page of users, sorted and filtered in SQL; reps with their client count and sales total (reps/sales.ts). */
export async function listUsers(db: Db, scope: UserScope, query: UserListQuery) {
  const conditions: (SQL | undefined)[] = [
    scopeCondition(scope),
    idsCondition(users.id, query.ids),
    query.role_id ? eq(users.roleId, query.role_id) : undefined,
    query.branch_id ? eq(users.branchId, query.branch_id) : undefined,
    query.active === undefined ? undefined : eq(users.active, query.active),
  ];
  const term = query.q?.trim();
  if (term) conditions.push(or(ilike(users.name, likePattern(term)), ilike(users.email, likePattern(term))));
  const where = and(...conditions);
  const { limit, offset } = pageOf(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(scope === 'reps' ? { ...userColumns, ...repSalesColumns } : userColumns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(where)
      .orderBy(...orderByOf(sortColumns, query, users.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(where),
  ]);
  return { data: rows.map(userRecord), total };
}

/** admin/repusers: the active reps, each with its client count and sales total. */
export function listReps(db: Db, query: UserListQuery) {
  return listUsers(db, 'reps', query) as Promise<{ data: (UserRecord & { client_count: number; sales_total: number })[]; total: number }>;
}

async function findUser(db: Db | Tx, id: number): Promise<UserRecord | null> {
  const [row] = await db.select(userColumns).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, id));
  return row ? userRecord(row) : null;
}

/** createUser's rule errors as HTTP answers: a taken email is a conflict, the rest bad input. */
function asHttpError(error: unknown): never {
  if (error instanceof UserInputError) {
    const status = error.field === 'email' && /already exists/.test(error.message) ? 409 : 400;
    throw new HttpError(status, error.message, { [error.field]: error.message });
  }
  if (uniqueViolation(error) === 'users_email_lower') throw conflict('email', 'a user with this email already exists');
  throw error;
}

async function roleById(db: Db | Tx, roleId: number) {
  const role = await db.query.roles.findFirst({ where: eq(roles.id, roleId) });
  if (!role) throw badRequest('role_id', 'role_id is not a known role');
  return role;
}

async function assertBranch(db: Db | Tx, branchId: number | null | undefined): Promise<void> {
  if (branchId == null) return;
  const branch = await db.query.branches.findFirst({ where: eq(branches.id, branchId) });
  if (!branch) throw badRequest('branch_id', 'branch_id is not a known branch');
}

async function liveClient(db: Db | Tx, clientId: number) {
  const client = await db.query.clients.findFirst({ where: eq(clients.id, clientId) });
  if (!client || client.archivedAt) throw notFound('Client');
  return client;
}

const isMemberRole = (name: string) => memberRoles.includes(name as RoleName);

export interface NewUserInput {
  name: string;
  email: string;
  password: string;
  role_id: number;
  branch_id?: number | null;
  client_id?: number | null;
}

/** admin/createuser: company users have no client; member roles need one. */
export async function createAnyUser(db: Db, actor: CurrentUser, input: NewUserInput): Promise<UserRecord> {
  const role = await roleById(db, input.role_id);
  await assertBranch(db, input.branch_id);
  if (isMemberRole(role.name) && input.client_id == null) throw badRequest('client_id', `a ${role.name} user belongs to a client`);
  if (!isMemberRole(role.name) && input.client_id != null) throw badRequest('client_id', `a ${role.name} user belongs to no client`);
  if (input.client_id != null) {
    const client = await liveClient(db, input.client_id).catch(() => {
      throw badRequest('client_id', 'client_id is not a known member');
    });
    if (client.type !== role.name) throw badRequest('role_id', `the users of a ${client.type} have the role ${client.type}`);
  }
  try {
    const created = await createUser(
      db,
      { name: input.name.trim(), email: input.email, password: input.password, roleId: role.id, clientId: input.client_id, branchId: input.branch_id },
      actor.id,
    );
    return (await findUser(db, created.id))!;
  } catch (error) {
    asHttpError(error);
  }
}

/**
 * admin/createclientuser: a user of a client, whose role is the client's type. Members may add
 * users to their own client, the company to any live client.
 */
export async function createClientUser(
  db: Db,
  actor: CurrentUser,
  input: { client_id: number; name: string; email: string; password: string },
): Promise<UserRecord> {
  assertClientVisible(actor, input.client_id);
  const client = await liveClient(db, input.client_id);
  const role = await db.query.roles.findFirst({ where: eq(roles.name, client.type) });
  try {
    const created = await createUser(
      db,
      { name: input.name.trim(), email: input.email, password: input.password, roleId: role!.id, clientId: client.id, branchId: client.branchId },
      actor.id,
    );
    return (await findUser(db, created.id))!;
  } catch (error) {
    asHttpError(error);
  }
}

/** Locks the active admins and refuses when `userId` is the last of them. */
async function assertNotLastAdmin(tx: Tx, userId: number, field: string): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.name, 'admin'), eq(users.active, true)))
    .for('update', { of: users });
  if (admins.some((admin) => admin.id === userId) && admins.length === 1) {
    throw conflict(field, 'the last active administrator must stay an active administrator');
  }
}

export interface UserChanges {
  id: number;
  name?: string;
  email?: string;
  role_id?: number;
  branch_id?: number | null;
  active?: boolean;
  password?: string;
}

/**
 * admin/updateuser. A new password (at least MIN_PASSWORD_LENGTH) and a deactivation end the
 * user's sessions; nobody deactivates or demotes themselves, and the last admin stays one.
 */
export async function updateUser(db: Db, actor: CurrentUser, changes: UserChanges, now: Date): Promise<UserRecord> {
  if (changes.password !== undefined && changes.password.length < MIN_PASSWORD_LENGTH) {
    throw badRequest('password', `password must have at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (changes.name !== undefined && !changes.name.trim()) throw badRequest('name', 'name is required');
  const passwordHash = changes.password === undefined ? undefined : await hashPassword(changes.password);
  try {
    return await db.transaction(async (tx) => {
      const target = await findUser(tx, changes.id);
      if (!target) throw notFound('User');
      const before = await snapshot(tx, users, target.id);
      const roleChanges = changes.role_id !== undefined && changes.role_id !== target.role_id;
      const deactivates = changes.active === false && target.active;
      if (roleChanges) {
        const role = await roleById(tx, changes.role_id!);
        if (isMemberRole(role.name) !== isMemberRole(target.role_name) || (target.client_id !== null && role.name !== target.role_name)) {
          throw badRequest('role_id', 'a client user keeps its client’s role, a company user a company role');
        }
      }
      if (changes.id === actor.id && roleChanges) throw conflict('role_id', 'you cannot change your own role');
      if (changes.id === actor.id && deactivates) throw conflict('active', 'you cannot deactivate yourself');
      if (target.role_name === 'admin' && target.active && (roleChanges || deactivates)) {
        await assertNotLastAdmin(tx, target.id, roleChanges ? 'role_id' : 'active');
      }
      await assertBranch(tx, changes.branch_id);
      if (changes.email !== undefined) {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.email}) = ${changes.email.trim().toLowerCase()}`, ne(users.id, target.id)));
        if (taken) throw conflict('email', 'a user with this email already exists');
      }
      // A role change ends the sessions too: a token issued to one role never speaks for another.
      const endsSessions = passwordHash !== undefined || deactivates || roleChanges;
      await tx
        .update(users)
        .set({
          ...(changes.name !== undefined ? { name: changes.name.trim() } : {}),
          ...(changes.email !== undefined ? { email: changes.email.trim() } : {}),
          ...(changes.role_id !== undefined ? { roleId: changes.role_id } : {}),
          ...(changes.branch_id !== undefined ? { branchId: changes.branch_id } : {}),
          ...(changes.active !== undefined ? { active: changes.active } : {}),
          ...(passwordHash !== undefined ? { passwordHash } : {}),
          ...(endsSessions ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
          updatedAt: now,
        })
        .where(eq(users.id, target.id));
      await recordAudit(tx, {
        userId: actor.id,
        action: 'update',
        entity: 'user',
        entityId: target.id,
        data: passwordHash !== undefined ? { password_changed: true } : undefined,
        before,
        after: await snapshot(tx, users, target.id),
      });
      return (await findUser(tx, target.id))!;
    });
  } catch (error) {
    asHttpError(error);
  }
}

/** admin/deleteuser deactivates: the user can no longer sign in and every token it holds stops working. */
export async function deactivateUser(db: Db, actor: CurrentUser, id: number, now: Date) {
  if (id === actor.id) throw conflict('id', 'you cannot deactivate yourself');
  await db.transaction(async (tx) => {
    const target = await findUser(tx, id);
    if (!target) throw notFound('User');
    if (target.role_name === 'admin' && target.active) await assertNotLastAdmin(tx, id, 'id');
    const before = await snapshot(tx, users, id);
    await tx
      .update(users)
      .set({ active: false, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(eq(users.id, id));
    await recordAudit(tx, { userId: actor.id, action: 'deactivate', entity: 'user', entityId: id, before, after: await snapshot(tx, users, id) });
  });
  return { id };
}

/** admin/roles: the five roles, which change only with the product. */
export async function listRoles(db: Db) {
  const rows = await db.select().from(roles).orderBy(roles.id);
  return {
    data: rows.map((role) => ({ id: role.id, name: role.name, display_name: role.displayName, description: role.description })),
    total: rows.length,
  };
}
