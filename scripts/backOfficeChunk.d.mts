import type { Plugin } from 'vite';

export function backOfficeChunk(): Plugin;
export function firstScreenModules(chunks: { fileName: string; isEntry: boolean; facadeModuleId: string | null; imports: string[]; dynamicImports: string[]; moduleIds: string[] }[], root: string): Set<string>;
