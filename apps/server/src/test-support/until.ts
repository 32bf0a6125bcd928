// Waits for something another loop does (a session's poll, a job) — generous, because CI runs
// the whole suite on two busy cores; a passing condition returns at once.
export async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
