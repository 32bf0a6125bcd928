// Ids and counts the server keeps in Postgres `integer` columns: a larger number names no row, and
// must be refused at the contract (400), not reach the database (out of range: 500).
export const INT4_MAX = 2_147_483_647;
