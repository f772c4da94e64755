import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { MIN_PASSWORD_LENGTH, hashPassword } from '../../auth/passwords';
import { recordAudit } from '../../audit/record';
import { snapshot } from '../../audit/snapshot';

export class UserInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export interface NewUser {
  email: string;
  name: string;
  password: string;
  roleId: number;
  clientId?: number | null;
  branchId?: number | null;
}

/** The one place a user is made: password rule, case-insensitive unique email, audit entry. */
export async function createUser(db: Db, input: NewUser, actorId: number | null = null) {
  const email = input.email.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new UserInputError('email', 'email is not a valid address');
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw new UserInputError('password', `password must have at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    if (taken) throw new UserInputError('email', 'a user with this email already exists');
    const [user] = await tx
      .insert(users)
      .values({ email, name: input.name, passwordHash, roleId: input.roleId, clientId: input.clientId ?? null, branchId: input.branchId ?? null })
      .returning({ id: users.id, email: users.email });
    await recordAudit(tx, { userId: actorId, action: 'create', entity: 'user', entityId: user.id, after: await snapshot(tx, users, user.id) });
    return user;
  });
}
