import { describe, expect, it } from 'vitest';
import { describeDevice } from '../../shared/sessions/device';

describe('the device a session is named by (its user agent)', () => {
  const cases: [string, string, { browser: string | null; system: string | null }][] = [
    ['Chrome on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36', { browser: 'Chrome', system: 'Windows' }],
    ['Edge, which also says Chrome', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Edg/156.0.0.0', { browser: 'Edge', system: 'Windows' }],
    ['Safari on an iPhone, which also says Mac OS X', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1', { browser: 'Safari', system: 'iPhone' }],
    ['Firefox on Linux', 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0', { browser: 'Firefox', system: 'Linux' }],
    ['Chrome on Android, which also says Linux', 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36', { browser: 'Chrome', system: 'Android' }],
    ['Safari on a Mac', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 15_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', { browser: 'Safari', system: 'macOS' }],
    ['a script', 'curl/8.11.0', { browser: null, system: null }],
    ['nothing', '', { browser: null, system: null }],
  ];
  for (const [name, agent, expected] of cases) {
    it(name, () => expect(describeDevice(agent)).toEqual(expected));
  }
});
