import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstScreenModules } from '../../scripts/backOfficeChunk.mjs';

const root = '/portal';
const at = (path: string) => resolve(root, path);
const chunk = (fileName: string, moduleIds: string[], links: { imports?: string[]; dynamicImports?: string[]; facade?: string; entry?: boolean } = {}) => ({
  fileName,
  moduleIds,
  isEntry: links.entry ?? false,
  facadeModuleId: links.facade ?? null,
  imports: links.imports ?? [],
  dynamicImports: links.dynamicImports ?? [],
});

/** A default build in small: the entry lazy-loads a public page and the back office's shell, which lazy-loads its start screen. */
const build = [
  chunk('index.js', ['react-dom', at('src/Root.tsx')], { entry: true, imports: ['mui-core.js'], dynamicImports: ['Login.js', 'AdminApp.js', 'ar.js'] }),
  chunk('mui-core.js', ['mui/Button', 'emotion']),
  chunk('Login.js', [at('src/pages/public/Login.tsx')], { facade: at('src/pages/public/Login.tsx'), imports: ['mui-core.js', 'Alert.js'] }),
  chunk('Alert.js', ['mui/Alert']),
  chunk('ar.js', ['i18n/ar'], { facade: 'i18n/ar', imports: ['TextField.js'] }),
  chunk('TextField.js', ['mui/TextField']),
  chunk('AdminApp.js', [at('src/AdminApp.tsx')], { facade: at('src/AdminApp.tsx'), imports: ['ra-core.js', 'Alert.js', 'mui-core.js'], dynamicImports: ['MemberList.js', 'Orders.js'] }),
  chunk('ra-core.js', ['ra-core', 'react-hook-form'], { imports: ['Datagrid.js'] }),
  chunk('Datagrid.js', ['ra/Datagrid', 'mui/Table']),
  chunk('MemberList.js', [at('src/resources/members/MemberList.tsx'), 'members/filters'], { facade: at('src/resources/members/MemberList.tsx'), imports: ['Datagrid.js', 'TextField.js'] }),
  chunk('Orders.js', ['orders/OrderList', 'ra/Tabs'], { facade: 'orders/OrderList', imports: ['ra-core.js'] }),
];

describe('the back office first-screen chunk', () => {
  const modules = firstScreenModules(build, root);

  it('gathers what the shell and the start screen load and no public page does', () => {
    expect([...modules].sort()).toEqual(['members/filters', 'mui/Table', 'ra-core', 'ra/Datagrid', 'react-hook-form']);
  });

  it('leaves out whatever the entry, a public page or a language loads, so no public page grows', () => {
    for (const publicModule of ['react-dom', 'mui/Button', 'emotion', 'mui/Alert', 'mui/TextField', 'i18n/ar']) expect(modules).not.toContain(publicModule);
  });

  it('leaves the lazy modules their own chunks (the manifest and dynamic imports name them), and later screens alone', () => {
    expect(modules).not.toContain(at('src/AdminApp.tsx'));
    expect(modules).not.toContain(at('src/resources/members/MemberList.tsx'));
    expect(modules).not.toContain('orders/OrderList');
    expect(modules).not.toContain('ra/Tabs');
  });

  it('refuses a build whose first screen it cannot find, rather than group nothing silently', () => {
    expect(() => firstScreenModules(build.filter((c) => c.fileName !== 'MemberList.js'), root)).toThrow(/MemberList/);
  });
});
