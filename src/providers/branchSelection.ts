import { useSyncExternalStore } from 'react';
import type { Branch } from '../routes';
import { SELECTED_BRANCH_KEY } from './storage';

/** No branch chosen. */
export const NO_BRANCH = -1;

const listeners = new Set<() => void>();

/** The stored branch if it still exists, else the default branch, else -1. */
export function resolveSelectedBranch(branches: Branch[]): number {
  const stored = Number(localStorage.getItem(SELECTED_BRANCH_KEY));
  if (branches.some((branch) => branch.id === stored)) return stored;
  return branches.find((branch) => branch.default_branch)?.id ?? NO_BRANCH;
}

export function selectBranch(id: number): void {
  localStorage.setItem(SELECTED_BRANCH_KEY, String(id));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The selected branch id, kept in browser storage and restored on start. */
export function useSelectedBranch(branches: Branch[]): number {
  return useSyncExternalStore(subscribe, () => resolveSelectedBranch(branches));
}
