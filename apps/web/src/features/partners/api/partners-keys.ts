// One key family for the partner programme: a change (new code, withdrawal, lead) invalidates it all.
export const partnersKeys = {
  all: ['partners'] as const,
  consultant: (code: string | null) => ['partners', 'consultant', code] as const,
  table: () => ['partners', 'table'] as const,
  operations: (code: string | null, filters: unknown) => ['partners', 'operations', code, filters] as const,
  history: (code: string | null) => ['partners', 'history', code] as const,
  badges: (code: string | null, type: string | null) => ['partners', 'badges', code, type] as const,
  admins: (code: string | null) => ['partners', 'admins', code] as const,
  bonuses: (code: string | null) => ['partners', 'bonuses', code] as const,
  leads: (code: string | null) => ['partners', 'leads', code] as const,
  salon: () => ['partners', 'salon'] as const,
  salonHistory: () => ['partners', 'salon-history'] as const,
};
