import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { roles, users } from '../../server/db/schema';
import type { RoleName } from '../../server/auth/roles';
import { deactivateUser, updateUser } from '../../server/modules/admin/users';
import { useTestApp } from './support/app';

const t = useTestApp();

const as = (role: RoleName) => t.tokenFor(role);
let counter = 0;
const uniqueEmail = () => `person${++counter}.${Date.now().toString(36)}@admin.test`;
const GOOD_PASSWORD = 'a-long-enough-password';
const notAdmin = ['stockist', 'individual', 'production', 'reseller'] as const;

async function roleId(name: RoleName): Promise<number> {
  return (await t.db.query.roles.findFirst({ where: eq(roles.name, name) }))!.id;
}

async function branchIds(): Promise<number[]> {
  return (await t.get('/api/admin/branches', { token: await as('admin') })).json().data.map((b: { id: number }) => b.id);
}

describe('client users', () => {
  it('lists a client’s users for the admin and for the client’s own members, never password or token data', async () => {
    const admin = await t.get(`/api/admin/clientusers?client_id=${t.demo.stockist.clientId}`, { token: await as('admin') });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data).toEqual([
      expect.objectContaining({ id: t.demo.stockist.id, email: 'stockist@example.com', role_name: 'stockist', client_id: t.demo.stockist.clientId, active: true }),
    ]);
    expect(admin.body).not.toMatch(/password|token_version|tokenVersion|scrypt/i);
    const own = await t.get(`/api/admin/clientusers?client_id=${t.demo.stockist.clientId}`, { token: await as('stockist') });
    expect(own.statusCode).toBe(200);
    const other = await t.get(`/api/admin/clientusers?client_id=${t.demo.individual.clientId}`, { token: await as('stockist') });
    expect(other.statusCode).toBe(404);
    expect((await t.get(`/api/admin/clientusers?client_id=${t.demo.stockist.clientId}`, { token: await as('reseller') })).statusCode).toBe(403);
    expect((await t.get('/api/admin/clientusers', { token: await as('admin') })).json().errors).toHaveProperty('client_id');
  });

  it('creates a user with the client’s type as role, who can sign in; a member may add to its own client only', async () => {
    const email = uniqueEmail();
    const res = await t.post('/api/admin/createclientuser', { client_id: t.demo.individual.clientId, name: 'Second Individual', email, password: GOOD_PASSWORD }, { token: await as('admin') });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ email, role_name: 'individual', client_id: t.demo.individual.clientId, active: true });
    expect(res.body).not.toMatch(/password/i);
    expect((await t.audit('create', res.json().data.id)).length).toBe(1);
    const token = await t.login(email, GOOD_PASSWORD);
    const core = (await t.get('/api/auth/core', { token })).json().data;
    expect(core.user.client).toEqual({ id: t.demo.individual.clientId });

    const byMember = await t.post('/api/admin/createclientuser', { client_id: t.demo.stockist.clientId, name: 'Colleague', email: uniqueEmail(), password: GOOD_PASSWORD }, { token: await as('stockist') });
    expect(byMember.statusCode).toBe(201);
    expect(byMember.json().data.role_name).toBe('stockist');
    const elsewhere = await t.post('/api/admin/createclientuser', { client_id: t.demo.individual.clientId, name: 'Intruder', email: uniqueEmail(), password: GOOD_PASSWORD }, { token: await as('stockist') });
    expect(elsewhere.statusCode).toBe(404);
    expect((await t.post('/api/admin/createclientuser', { client_id: t.demo.stockist.clientId, name: 'X', email: uniqueEmail(), password: GOOD_PASSWORD }, { token: await as('production') })).statusCode).toBe(403);
  });

  it('answers 409 naming email for a taken email in any spelling, and 400 with a message for a weak password', async () => {
    const token = await as('admin');
    const taken = await t.post('/api/admin/createclientuser', { client_id: t.demo.stockist.clientId, name: 'Dup', email: 'STOCKIST@Example.com', password: GOOD_PASSWORD }, { token });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toHaveProperty('email');
    const weak = await t.post('/api/admin/createclientuser', { client_id: t.demo.stockist.clientId, name: 'Weak', email: uniqueEmail(), password: 'short-pass' }, { token });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/at least 12 characters/);
    expect(weak.json().errors).toHaveProperty('password');
  });
});

describe('company users', () => {
  it('lists company users (no client) with role and branch, filtered and sorted, for admins only', async () => {
    const token = await as('admin');
    const res = await t.get('/api/admin/companyusers?sort=email&perPage=100', { token });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { email: string; client_id: number | null; role_name: string; branch_id: number | null }[];
    expect(data.every((user) => user.client_id === null)).toBe(true);
    expect(data.map((u) => u.email)).toEqual(expect.arrayContaining(['admin@example.com', 'production@example.com', 'reseller@example.com']));
    expect(data.map((u) => u.email)).not.toContain('stockist@example.com');
    expect(res.body).not.toMatch(/password|token_version|scrypt/i);
    const byRole = (await t.get(`/api/admin/companyusers?role_id=${await roleId('production')}`, { token })).json().data;
    expect(byRole.every((u: { role_name: string }) => u.role_name === 'production')).toBe(true);
    const search = (await t.get('/api/admin/companyusers?q=RITA', { token })).json().data;
    expect(search.map((u: { email: string }) => u.email)).toEqual(['reseller@example.com']);
    for (const role of notAdmin) expect((await t.get('/api/admin/companyusers', { token: await as(role) })).statusCode).toBe(403);
  });

  it('lists roles and rep users for admins only', async () => {
    const token = await as('admin');
    const roleList = (await t.get('/api/admin/roles', { token })).json();
    expect(roleList.data.map((r: { name: string }) => r.name).sort()).toEqual(['admin', 'individual', 'production', 'reseller', 'stockist']);
    expect(roleList.data[0]).toEqual({ id: expect.any(Number), name: expect.any(String), display_name: expect.any(String), description: expect.any(String) });
    const reps = (await t.get('/api/admin/repusers', { token })).json();
    expect(reps.data.every((u: { role_name: string; active: boolean }) => u.role_name === 'reseller' && u.active)).toBe(true);
    expect(reps.data.map((u: { id: number }) => u.id)).toContain(t.demo.reseller.id);
    for (const role of notAdmin) {
      expect((await t.get('/api/admin/roles', { token: await as(role) })).statusCode).toBe(403);
      expect((await t.get('/api/admin/repusers', { token: await as(role) })).statusCode).toBe(403);
    }
  });

  it('creates a company user (201, audited); refuses a duplicate email (409), a weak password (400) and a client on a company role', async () => {
    const token = await as('admin');
    const [branch] = await branchIds();
    const email = uniqueEmail();
    const res = await t.post('/api/admin/createuser', { name: 'New Producer', email, password: GOOD_PASSWORD, role_id: await roleId('production'), branch_id: branch }, { token });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ email, role_name: 'production', branch_id: branch, client_id: null, active: true });
    expect(await t.audit('create', res.json().data.id)).toHaveLength(1);

    const dup = await t.post('/api/admin/createuser', { name: 'Dup', email: email.toUpperCase(), password: GOOD_PASSWORD, role_id: await roleId('production') }, { token });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toHaveProperty('email');
    const weak = await t.post('/api/admin/createuser', { name: 'Weak', email: uniqueEmail(), password: 'elevenchars', role_id: await roleId('production') }, { token });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/12/);
    const clientOnCompanyRole = await t.post('/api/admin/createuser', { name: 'X', email: uniqueEmail(), password: GOOD_PASSWORD, role_id: await roleId('admin'), client_id: t.demo.stockist.clientId }, { token });
    expect(clientOnCompanyRole.statusCode).toBe(400);
    expect(clientOnCompanyRole.json().errors).toHaveProperty('client_id');
    const memberWithoutClient = await t.post('/api/admin/createuser', { name: 'X', email: uniqueEmail(), password: GOOD_PASSWORD, role_id: await roleId('stockist') }, { token });
    expect(memberWithoutClient.json().errors).toHaveProperty('client_id');
    const badRole = await t.post('/api/admin/createuser', { name: 'X', email: uniqueEmail(), password: GOOD_PASSWORD, role_id: 9999 }, { token });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().errors).toHaveProperty('role_id');
    for (const role of notAdmin) {
      expect((await t.post('/api/admin/createuser', { name: 'X', email: uniqueEmail(), password: GOOD_PASSWORD, role_id: await roleId('admin') }, { token: await as(role) })).statusCode).toBe(403);
    }
  });

  it('updates a user; a role change or a new password (checked, set) ends the user’s sessions, a new name does not', async () => {
    const token = await as('admin');
    const user = await t.makeUser({ role: 'production' });
    const firstToken = await t.tokenFor(user);
    const renamed = await t.post('/api/admin/updateuser', { id: user.id, name: 'Renamed' }, { token });
    expect(renamed.statusCode).toBe(200);
    expect((await t.get('/api/auth/check', { token: firstToken })).json().authenticated).toBe(true);
    const moved = await t.post('/api/admin/updateuser', { id: user.id, role_id: await roleId('reseller') }, { token });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ name: 'Renamed', role_name: 'reseller' });
    // A token issued while the user was production never speaks for a reseller.
    expect((await t.get('/api/auth/check', { token: firstToken })).json().authenticated).toBe(false);
    const userToken = await t.tokenFor(user);
    expect((await t.get('/api/auth/check', { token: userToken })).json().authenticated).toBe(true);

    const weak = await t.post('/api/admin/updateuser', { id: user.id, password: 'too-short' }, { token });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toHaveProperty('password');
    const dup = await t.post('/api/admin/updateuser', { id: user.id, email: 'Admin@Example.com' }, { token });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toHaveProperty('email');

    const changed = await t.post('/api/admin/updateuser', { id: user.id, password: 'a-brand-new-password' }, { token });
    expect(changed.statusCode).toBe(200);
    expect((await t.get('/api/auth/check', { token: userToken })).json().authenticated).toBe(false);
    await t.login(user.email, 'a-brand-new-password');
    const entries = await t.audit('update', user.id);
    expect(entries.length).toBe(3);
    expect(JSON.stringify(entries)).not.toContain('a-brand-new-password');
    expect((await t.post('/api/admin/updateuser', { id: 999999, name: 'Ghost' }, { token })).statusCode).toBe(404);
    for (const role of notAdmin) expect((await t.post('/api/admin/updateuser', { id: user.id, name: 'X' }, { token: await as(role) })).statusCode).toBe(403);
  });

  it('deactivates a user in one step: inactive, tokens dead, sign-in refused, audited', async () => {
    const token = await as('admin');
    const user = await t.makeUser({ role: 'reseller' });
    const userToken = await t.tokenFor(user);
    const res = await t.post('/api/admin/deleteuser', { id: user.id }, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: user.id } });
    expect((await t.get('/api/auth/check', { token: userToken })).json().authenticated).toBe(false);
    expect((await t.post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(401);
    const row = await t.db.query.users.findFirst({ where: eq(users.id, user.id) });
    expect(row?.active).toBe(false);
    expect(await t.audit('deactivate', user.id)).toHaveLength(1);
    for (const role of notAdmin) expect((await t.post('/api/admin/deleteuser', { id: user.id }, { token: await as(role) })).statusCode).toBe(403);
    expect((await t.post('/api/admin/deleteuser', { id: 999999 }, { token })).statusCode).toBe(404);
  });

  it('never deactivates or demotes yourself, nor the last active admin', async () => {
    const token = await as('admin');
    const self = await t.post('/api/admin/deleteuser', { id: t.demo.admin.id }, { token });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toMatch(/yourself/);
    expect((await t.post('/api/admin/updateuser', { id: t.demo.admin.id, active: false }, { token })).statusCode).toBe(409);
    expect((await t.post('/api/admin/updateuser', { id: t.demo.admin.id, role_id: await roleId('production') }, { token })).statusCode).toBe(409);

    // The rule itself, below the role check: a request that got past authentication just before its
    // own admin was deactivated must still not take the last active admin away.
    const ghost = await t.makeUser({ role: 'admin', active: false });
    const actor = { id: ghost.id, name: ghost.name, email: ghost.email, role: 'admin' as const, roleId: await roleId('admin'), clientId: null, tokenVersion: 0 };
    const refused = await deactivateUser(t.db, actor, t.demo.admin.id, new Date()).catch((error: unknown) => error);
    expect(refused).toMatchObject({ statusCode: 409, errors: { id: expect.stringMatching(/last active administrator/) } });
    const demoted = await updateUser(t.db, actor, { id: t.demo.admin.id, role_id: await roleId('production') }, new Date()).catch((error: unknown) => error);
    expect(demoted).toMatchObject({ statusCode: 409, errors: { role_id: expect.any(String) } });
    const row = await t.db.query.users.findFirst({ where: eq(users.id, t.demo.admin.id) });
    expect(row).toMatchObject({ active: true, roleId: await roleId('admin') });
  });
});

describe('branches', () => {
  it('lists branches with their wire fields for admins only', async () => {
    const res = await t.get('/api/admin/branches', { token: await as('admin') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toEqual({ id: expect.any(Number), name: 'Johannesburg', address: expect.any(String), default_branch: true });
    for (const role of notAdmin) expect((await t.get('/api/admin/branches', { token: await as(role) })).statusCode).toBe(403);
  });

  it('saves branches with exactly one default, and core data follows', async () => {
    const token = await as('admin');
    const created = await t.post('/api/admin/savebranch', { name: 'Bloemfontein', address: '1 Voortrekker St' }, { token });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toEqual({ id, name: 'Bloemfontein', address: '1 Voortrekker St', default_branch: false });

    const made = await t.post('/api/admin/savebranch', { id, name: 'Bloemfontein', default_branch: true }, { token });
    expect(made.statusCode).toBe(200);
    const all = (await t.get('/api/admin/branches', { token })).json().data as { id: number; default_branch: boolean }[];
    expect(all.filter((b) => b.default_branch).map((b) => b.id)).toEqual([id]);
    const core = (await t.get('/api/auth/core', { token: await as('stockist') })).json().data;
    expect(core.branch_config.filter((b: { default_branch: boolean }) => b.default_branch).map((b: { id: number }) => b.id)).toEqual([id]);
    expect(core.branch_config.map((b: { name: string }) => b.name)).toContain('Bloemfontein');

    const unset = await t.post('/api/admin/savebranch', { id, name: 'Bloemfontein', default_branch: false }, { token });
    expect(unset.statusCode).toBe(409);
    expect(unset.json().errors).toHaveProperty('default_branch');
    // Back to Johannesburg as the default, for the other tests.
    expect((await t.post('/api/admin/savebranch', { id: all[0].id, name: 'Johannesburg', default_branch: true }, { token })).statusCode).toBe(200);
    expect(await t.audit('update', id)).not.toHaveLength(0);
    expect((await t.post('/api/admin/savebranch', { name: '' }, { token })).statusCode).toBe(400);
    for (const role of notAdmin) expect((await t.post('/api/admin/savebranch', { name: 'X' }, { token: await as(role) })).statusCode).toBe(403);
  });

  it('deletes only an unused, non-default branch (409 otherwise)', async () => {
    const token = await as('admin');
    const [johannesburg, capeTown] = await branchIds();
    expect((await t.post('/api/admin/deletebranch', { id: capeTown }, { token })).statusCode).toBe(409);
    expect((await t.post('/api/admin/deletebranch', { id: johannesburg }, { token })).statusCode).toBe(409);
    const spare = (await t.post('/api/admin/savebranch', { name: 'Spare' }, { token })).json().data.id;
    const res = await t.post('/api/admin/deletebranch', { id: spare }, { token });
    expect(res.statusCode).toBe(200);
    expect(await t.audit('delete', spare)).toHaveLength(1);
    expect((await branchIds())).not.toContain(spare);
    expect((await t.post('/api/admin/deletebranch', { id: spare }, { token })).statusCode).toBe(404);
    for (const role of notAdmin) expect((await t.post('/api/admin/deletebranch', { id: spare }, { token: await as(role) })).statusCode).toBe(403);
  });
});
