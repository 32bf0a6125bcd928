import { describe, expect, it } from 'vitest';
import { paginate } from './paginate';

const items = Array.from({ length: 21 }, (_, i) => i + 1);

describe('paginate', () => {
  it('cuts pages of the given size', () => {
    expect(paginate(items, 1, 8)).toEqual({ rows: [1, 2, 3, 4, 5, 6, 7, 8], page: 1, totalPages: 3 });
    expect(paginate(items, 3, 8).rows).toEqual([17, 18, 19, 20, 21]);
    expect(paginate(items, 5, 5).rows).toEqual([21]);
  });

  it('keeps the page in range when rows disappear or the size grows', () => {
    expect(paginate(items, 9, 8).page).toBe(3);
    expect(paginate(items, 3, 20)).toMatchObject({ page: 2, totalPages: 2, rows: [21] });
    expect(paginate(items, 0, 8).page).toBe(1);
  });

  it('has one empty page for an empty list', () => {
    expect(paginate([], 4, 8)).toEqual({ rows: [], page: 1, totalPages: 1 });
  });
});
