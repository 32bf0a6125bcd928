export const startPageKeys = {
  info: (branchId: string, formHash: string) => ['start-page', 'info', branchId, formHash] as const,
};
