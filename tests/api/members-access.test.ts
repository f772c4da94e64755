import { describe, expect, it } from 'vitest';
import { roleNames, type RoleName } from '../../server/auth/roles';
import { useTestApp } from './support/app';

const t = useTestApp();

const members: RoleName[] = ['admin', 'stockist', 'individual'];
const adminOnly: RoleName[] = ['admin'];

/**
 * Who may call each of the clients and admin calls. An allowed role gets past the
 * role check (an empty body then answers 400, a read 200 or 400); every other role gets 403 and
 * nobody signed out gets in.
 */
const matrix: [method: 'GET' | 'POST', path: string, allowed: RoleName[], body?: object][] = [
  ['GET', '/api/clients/all', adminOnly],
  ['GET', '/api/clients/client', members],
  // Without an id a member's save is a creation, which its role may not do: an invalid id reaches validation.
  ['POST', '/api/clients/save', members, { id: 0 }],
  ['POST', '/api/clients/delete', adminOnly],
  ['POST', '/api/clients/save_question_answers', members],
  ['POST', '/api/clients/activate_membership', adminOnly],
  ['GET', '/api/admin/clientusers', members],
  ['POST', '/api/admin/createclientuser', members],
  ['GET', '/api/admin/branches', adminOnly],
  ['POST', '/api/admin/savebranch', adminOnly],
  ['POST', '/api/admin/deletebranch', adminOnly],
  ['GET', '/api/admin/companyusers', adminOnly],
  ['GET', '/api/admin/roles', adminOnly],
  ['GET', '/api/admin/repusers', adminOnly],
  ['POST', '/api/admin/createuser', adminOnly],
  ['POST', '/api/admin/updateuser', adminOnly],
  ['POST', '/api/admin/deleteuser', adminOnly],
];

describe('the role matrix of the clients and admin calls', () => {
  it.each(matrix)('%s %s', async (method, path, allowed, body = {}) => {
    const call = (token?: string) => (method === 'GET' ? t.get(path, { token }) : t.post(path, body, { token }));
    expect((await call()).statusCode).toBe(401);
    for (const role of roleNames) {
      const res = await call(await t.tokenFor(role));
      if (allowed.includes(role)) expect([200, 400], `${role} ${res.body}`).toContain(res.statusCode);
      else expect(res.statusCode, role).toBe(403);
    }
  });
});
