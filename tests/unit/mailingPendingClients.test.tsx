import { describe, expect, it } from 'vitest';
import { addClientsPayload, noPendingClients, pendingClients, type PendingAction } from '../../src/resources/mailing-lists/pendingClients';
import { progressOf, timeLeftParts } from '../../src/resources/mailing-lists/sendFigures';

const ann = { id: 3, name: 'Ann Stockists' };
const bob = { id: 8, name: 'Bob Individual' };
const run = (...actions: PendingAction[]) => actions.reduce(pendingClients, noPendingClients);

describe('pending client ids of a mailing list', () => {
  it('ignores an id that is already pending', () => {
    const state = run({ type: 'selectList', listId: 1 }, { type: 'add', client: ann }, { type: 'add', client: bob }, { type: 'add', client: { ...ann } });
    expect(state.clientIds).toEqual([3, 8]);
    expect(state.clients.map((client) => client.name)).toEqual(['Ann Stockists', 'Bob Individual']);
    expect(addClientsPayload(state)).toEqual({ id: 1, client_ids: [3, 8] });
  });

  it('empties the pending ids when a list is selected, even the same one again', () => {
    const state = run({ type: 'selectList', listId: 1 }, { type: 'add', client: ann }, { type: 'selectList', listId: 2 });
    expect(state).toEqual({ listId: 2, clientIds: [], clients: [] });
    expect(run({ type: 'selectList', listId: 2 }, { type: 'add', client: bob }, { type: 'selectList', listId: 2 }).clientIds).toEqual([]);
  });

  it('lets a pending client go, after which it can be picked again, and empties after a save', () => {
    let state = run({ type: 'selectList', listId: 5 }, { type: 'add', client: ann }, { type: 'add', client: bob }, { type: 'remove', clientId: 3 });
    expect(state.clientIds).toEqual([8]);
    state = pendingClients(state, { type: 'add', client: ann });
    expect(state.clientIds).toEqual([8, 3]);
    state = pendingClients(state, { type: 'saved' });
    expect(state).toEqual({ listId: 5, clientIds: [], clients: [] });
  });

  it('has nothing to save before a list is selected', () => {
    expect(() => addClientsPayload(run({ type: 'add', client: ann }))).toThrow(/No mailing list/);
  });
});

describe('send figures', () => {
  it('counts sent and failed recipients as handled, out of the total (which leaves the skipped out)', () => {
    expect(progressOf({ total: 200, sent: 95, failed: 5, status: 'running' })).toEqual({ handled: 100, percent: 50 });
    expect(progressOf({ total: 3, sent: 2, failed: 0, status: 'running' }).percent).toBe(66);
    expect(progressOf({ total: 3, sent: 3, failed: 0, status: 'done' }).percent).toBe(100);
    expect(progressOf({ total: 0, sent: 0, failed: 0, status: 'done' }).percent).toBe(100);
    expect(progressOf({ total: 0, sent: 0, failed: 0, status: 'running' }).percent).toBe(0);
  });

  it('splits the time left into minutes and seconds, or knows it does not know', () => {
    expect(timeLeftParts(125.2)).toEqual({ minutes: 2, seconds: '06' });
    expect(timeLeftParts(4)).toEqual({ minutes: 0, seconds: '04' });
    expect(timeLeftParts(null)).toBeNull();
  });
});
