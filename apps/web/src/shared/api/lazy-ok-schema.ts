// {ok:true} answers of calls the login page can make (PIN request, language save). Loaded on first
// use so the login page's first load does not carry zod (see SchemaSource in api-client.ts).
export const lazyOkSchema = () => import('@salon/contract/status').then((m) => m.okSchema);
