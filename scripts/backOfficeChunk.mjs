/**
 * One chunk for the back office's first screen, so that it weighs within 1.1× a minimal react-admin
 * app (a goal `npm run bench` measures).
 *
 * Left to itself the bundler cuts the shell (src/AdminApp.tsx) and the admin's start screen into
 * ~70 chunks, one per set of screens sharing a module. Each file is compressed on its own, so the
 * browser receives about a fifth more than it would for the same code in one file.
 *
 * This plugin builds once in memory to learn which chunks that first screen loads, then gives the
 * real build a rolldown code-splitting group that puts their modules into one `backoffice` chunk —
 * except what the public pages load (the entry and every page it lazy-loads but the back office):
 * those stay where they are, so a visitor of /login or a tracking link never downloads the back
 * office. The first pass's chunk graph is used rather than the module graph because the module
 * graph sees every export of react-admin's index as imported, where tree shaking keeps only what
 * is used. The lazy modules themselves (AdminApp.tsx, MemberList.tsx) keep chunks of their own:
 * dynamic imports and the build manifest still name them.
 *
 * No cycle can form: a public chunk imports only public chunks, so nothing the group leaves out
 * imports back into it; and dependencies are not captured recursively, for the same reason.
 */
import { resolve } from 'node:path';

/** The back office's shell and the admin's first screen after sign-in (the members list). */
const FIRST_SCREEN = ['src/AdminApp.tsx', 'src/resources/members/MemberList.tsx'];
/** Set in the first pass, which must not plan a first pass of its own. */
const PLANNING = 'PORTAL_BACKOFFICE_CHUNK_PLANNING';

/** Chunks (by file name) that `roots` load before they run: themselves and their static imports. */
function staticClosure(byFile, roots) {
  const seen = new Set();
  const pending = [...roots];
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file) || !byFile.has(file)) continue;
    seen.add(file);
    pending.push(...byFile.get(file).imports);
  }
  return seen;
}

/** The modules of the first screen's chunks that no public page loads, from a default build's chunks. */
export function firstScreenModules(chunks, root) {
  const facades = FIRST_SCREEN.map((path) => resolve(root, path));
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  const firstScreen = chunks.filter((chunk) => facades.includes(chunk.facadeModuleId)).map((chunk) => chunk.fileName);
  if (!entry || firstScreen.length !== FIRST_SCREEN.length) throw new Error(`backOfficeChunk: no entry or no chunk for ${FIRST_SCREEN.join(', ')}`);
  const publicSide = staticClosure(byFile, [entry.fileName, ...entry.dynamicImports.filter((file) => !firstScreen.includes(file))]);
  const modules = new Set();
  for (const file of staticClosure(byFile, firstScreen)) {
    if (publicSide.has(file)) continue;
    for (const id of byFile.get(file).moduleIds) if (!facades.includes(id)) modules.add(id);
  }
  return modules;
}

export function backOfficeChunk() {
  return {
    name: 'portal-backoffice-chunk',
    apply: (_config, env) => env.command === 'build' && !process.env[PLANNING],
    async config(config, env) {
      const { build } = await import('vite');
      process.env[PLANNING] = '1';
      // Vite's own default: the folder it runs in.
      const root = config.root ?? process.cwd();
      let output;
      try {
        output = await build({ root, mode: env.mode, logLevel: 'silent', build: { write: false, manifest: false } });
      } finally {
        delete process.env[PLANNING];
      }
      const chunks = [output].flat().flatMap((result) => result.output).filter((item) => item.type === 'chunk');
      const modules = firstScreenModules(chunks, root);
      const group = { name: 'backoffice', test: (id) => modules.has(id), includeDependenciesRecursively: false };
      return { build: { rolldownOptions: { output: { codeSplitting: { groups: [group] } } } } };
    },
  };
}
