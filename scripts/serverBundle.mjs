/**
 * How the server's programs are bundled for Node: `npm start`'s dist-server/main.mjs
 * (scripts/start.mjs) and the programs the API tests start as processes
 * (tests/api/support/programs.ts). One file per entry with the project's sources in it, the npm
 * packages left to node_modules (they are installed, and some load native or WASM files beside
 * them), as ES modules for the machine's Node 20.
 */
export const serverBundleOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
};
