/** The bare Fastify hello-world loaded 1,000 requests at a time, eight times: how far it speeds up as it warms. */
import { spawn } from 'node:child_process';
import { load } from './load';
const child = spawn(process.execPath, ['bench/hello.mjs'], { env: { ...process.env, PORT: '3631' }, stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 1500));
for (let i = 0; i < 8; i++) {
  const f = await load({ url: 'http://127.0.0.1:3631/', concurrency: 20, requests: 1000 });
  console.log('hello', i, f.rps, f.p99_ms);
}
child.kill();
