// Calendar days 'YYYY-MM-DD' of a statistics period.
export interface DayRange {
  from: string;
  to: string;
}

// A typed day replaces its end; a reversed pair is swapped rather than refused.
export function orderedDayRange(from: string, to: string): DayRange {
  return from <= to ? { from, to } : { from: to, to: from };
}
