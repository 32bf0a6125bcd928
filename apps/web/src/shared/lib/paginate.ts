export interface PageSlice<T> {
  rows: T[];
  // 1-based and always within 1..totalPages, even after rows disappeared.
  page: number;
  totalPages: number;
}

// One page of a client-side list.
export function paginate<T>(items: readonly T[], page: number, pageSize: number): PageSlice<T> {
  const size = Math.max(1, Math.floor(pageSize));
  const totalPages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, Math.floor(page)), totalPages);
  const start = (current - 1) * size;
  return { rows: items.slice(start, start + size), page: current, totalPages };
}
