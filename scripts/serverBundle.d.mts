/** esbuild's options for the server's bundles (scripts/serverBundle.mjs). */
export const serverBundleOptions: {
  bundle: true;
  platform: 'node';
  format: 'esm';
  target: 'node20';
  packages: 'external';
  logLevel: 'warning';
};
