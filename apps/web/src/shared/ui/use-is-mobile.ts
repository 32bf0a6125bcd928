import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@salon/contract/constants';

export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

// Under 640 px the menu is a drawer (SPEC 9 "Breakpoints"). Read synchronously so the first
// paint already has the right layout.
export function useIsMobile(): boolean {
  const initial = typeof window !== 'undefined' && window.matchMedia(MOBILE_QUERY).matches;
  return useMediaQuery(MOBILE_QUERY, initial, { getInitialValueInEffect: false });
}
