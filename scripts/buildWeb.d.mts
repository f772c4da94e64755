/** Builds the web app for production into `outDir` (default `dist`) and precompresses it; answers how many files it compressed. */
export function buildWeb(outDir?: string): number;
