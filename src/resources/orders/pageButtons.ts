/**
 * The page numbers a pager shows: at most `group` of them (groups of 5), a window that
 * keeps the current page in the middle where it can and never runs past the first or last page.
 */
export function pageButtons(current: number, totalPages: number, group = 5): number[] {
  if (totalPages < 1) return [];
  const size = Math.min(group, totalPages);
  const start = Math.min(Math.max(1, current - Math.floor(size / 2)), totalPages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

export const pageCount = (total: number, perPage: number): number => Math.max(1, Math.ceil(total / perPage));
