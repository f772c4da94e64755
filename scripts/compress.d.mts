/** Writes a .br and a .gz beside every text asset of at least 1 KB in `dir`; answers how many files it compressed. */
export function compressDist(dir: string): number;
