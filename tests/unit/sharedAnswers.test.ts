import { describe, expect, it } from 'vitest';
import { SharedAnswers } from '../../server/http/sharedAnswers';

/** The kept answers of server/http/sharedAnswers.ts: one computation per key, waiters served by it, memory bounded. */
describe('SharedAnswers', () => {
  it('has the first request compute, the ones asking meanwhile wait for its answer, and later ones take it kept', async () => {
    const answers = new SharedAnswers();
    const first = await answers.take('k');
    expect(first).toEqual({ compute: true });
    const waiting = [answers.take('k'), answers.take('k')];
    answers.settle('k', '{"data":[1]}');
    expect(await Promise.all(waiting)).toEqual([{ answer: '{"data":[1]}' }, { answer: '{"data":[1]}' }]);
    expect(await answers.take('k')).toEqual({ answer: '{"data":[1]}' });
    // Another key (another counter, scope or URL) is computed on its own.
    expect(await answers.take('k2')).toEqual({ compute: true });
  });

  it('keeps no failure: the waiters of a failed computation compute their own, and the key is asked afresh', async () => {
    const answers = new SharedAnswers();
    await answers.take('k');
    const waiter = answers.take('k');
    answers.settle('k', undefined);
    expect(await waiter).toEqual({ compute: true });
    expect(answers.size.answers).toBe(0);
    expect(await answers.take('k')).toEqual({ compute: true });
  });

  it('keeps no answer over its length limit, and drops the least recently used past the total', async () => {
    const answers = new SharedAnswers({ answerChars: 10, totalChars: 20 });
    const fill = async (key: string, text: string) => {
      expect(await answers.take(key)).toEqual({ compute: true });
      answers.settle(key, text);
    };
    await fill('long', 'x'.repeat(11));
    expect(answers.size).toEqual({ answers: 0, chars: 0 });
    await fill('a', 'a'.repeat(10));
    await fill('b', 'b'.repeat(10));
    // 'a' used again: 'b' is now the least recently used, and goes when 'c' comes.
    expect(await answers.take('a')).toEqual({ answer: 'a'.repeat(10) });
    await fill('c', 'c'.repeat(5));
    expect(answers.size).toEqual({ answers: 2, chars: 15 });
    expect(await answers.take('a')).toEqual({ answer: 'a'.repeat(10) });
    expect(await answers.take('b')).toEqual({ compute: true });
  });
});
