import { queryOptions, useQuery } from '@tanstack/react-query';
import { isPublicConfig, pickPublicConfig } from '@salon/contract/public-config-guard';
import { api } from '../api/api';
import { guardParser } from '../api/guard-parser';

// The contract's zod-free guard, not its zod schema: the login page loads this before anything
// else and its JS budget has no room for zod.
const publicConfigParser = guardParser(isPublicConfig, pickPublicConfig);

export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: ({ signal }) => api.request({ path: '/public_config', schema: publicConfigParser, auth: false, signal }),
  // Deployment settings: they change only with a server restart.
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
