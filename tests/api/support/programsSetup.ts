/** The API suite's global setup that bundles the programs its tests start as processes (programs.ts). */
import type { TestProject } from 'vitest/node';
import { buildPrograms } from './programs';

export default async function setup(project: TestProject): Promise<void> {
  project.provide('programFolder', await buildPrograms());
}
