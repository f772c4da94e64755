import { http, HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { saveRepClient } from '../../src/resources/reps/saveRepClient';
import { api, useMockApi } from './support/server';

const server = useMockApi();

/** A rep's edit of its client names the version it opened (If-Match); a stale one is refused in the user's words. */
describe("a rep's save of its client", () => {
  it('sends the version in If-Match and turns a stale refusal into the translated message', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.post(api('reps/saveclient'), ({ request }) => {
        seen.push(request.headers.get('if-match'));
        return seen.length === 1
          ? HttpResponse.json({ data: { id: 4 } })
          : HttpResponse.json({ message: 'Someone else saved this member', errors: { version: 'the member is now at version 8' } }, { status: 409 });
      }),
    );
    expect(await saveRepClient(3, { name: 'Corner store' }, 4, 7)).toEqual({ id: 4 });
    const refused = await saveRepClient(3, { name: 'Corner store' }, 4, 7).catch((error: unknown) => error);
    expect(seen).toEqual(['"7"', '"7"']);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 409, message: 'live.stale_save' });
  });
});
