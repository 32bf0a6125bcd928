import { pathOf, routeById, withAccId, type RouteId } from '../routes/route-table';

// Links of branch and partner pages carry the selected branch (SPEC 2).
export function menuHref(route: RouteId, accId: number | null): string {
  return routeById(route).branch === 'none' ? pathOf(route) : withAccId(pathOf(route), accId);
}
