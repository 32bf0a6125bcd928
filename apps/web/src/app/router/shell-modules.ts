// The cabinet's shell and route gate, loaded lazily: the login page must not pull in the cabinet.
// The gate imports the cabinet's pages (route-pages.tsx), never the modules that load it, so no
// import goes in a circle.
export const loadAppLayout = () => import('../layout/app-layout');
export const loadAppRouteGate = () => import('../guards/app-route-gate');
