// The accounts list's query key, apart from its query so that code on the login page (the language
// switch) can name it without loading the accounts schemas.
export const accountsQueryKey = ['accounts'] as const;
