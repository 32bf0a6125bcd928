import { useLocation } from 'react-router';
import { routeForPath, type RouteDef } from '../routes/route-table';

// The route-table entry of the current address (menu highlight, banners).
export function useCurrentRoute(): RouteDef {
  return routeForPath(useLocation().pathname);
}
