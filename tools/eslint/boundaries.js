import { readdirSync } from 'node:fs';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const server = 'apps/server/src';
const tests = ['**/*.test.ts', '**/*.test.tsx'];

// Imports name the compiled file ('./x.js'); the resolver finds the TypeScript source, and the
// contract package through its 'source' condition, so the rules below see the real graph.
const resolver = createNodeResolver({
  extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
  conditionNames: ['source', 'import', 'default'],
});

// The server's layers (ARCHITECTURE.md "Boundaries"): platform ← channels, crm, ai ← modules ←
// runtime.ts. Nothing imports upward, and test code lives in test-support/ only.
export const serverZones = [
  {
    target: `${server}/platform`,
    from: [
      `${server}/channels`,
      `${server}/crm`,
      `${server}/ai`,
      `${server}/payments`,
      `${server}/modules`,
      `${server}/seed`,
      `${server}/cli`,
    ],
    message: 'platform is the bottom layer: it never imports channels, crm, ai, payments or modules.',
  },
  {
    target: `${server}/ai`,
    from: [`${server}/channels`, `${server}/crm`, `${server}/modules`],
    message:
      'the AI port and its drivers know only their tools: the ai-admin module builds them over crm and channels.',
  },
  {
    target: `${server}/payments`,
    from: [`${server}/channels`, `${server}/crm`, `${server}/ai`, `${server}/modules`],
    message: 'the payment-provider port and its drivers know no tables: the payments module drives them.',
  },
  {
    target: [`${server}/channels`, `${server}/crm`],
    from: `${server}/modules`,
    message: 'channels and crm never import modules: hand them a port from the runtime instead.',
  },
  {
    target: [
      `${server}/platform`,
      `${server}/channels`,
      `${server}/crm`,
      `${server}/ai`,
      `${server}/payments`,
      `${server}/modules`,
      `${server}/seed`,
    ],
    from: [`${server}/runtime.ts`, `${server}/main.ts`],
    message: 'only the entry points import the composition root.',
  },
  {
    target: `${server}/!(test-support)/**`,
    from: `${server}/test-support`,
    message: 'test harnesses and fixtures are for tests only; they never reach the build.',
  },
];

// Each table has one owning module (its `schema.ts`): only the owner writes it. Other modules go
// through its repository or service, and join it only through SQL the owner exports (like the
// dispatcher's RecipientPolicy), so no module imports another module's schema.
const serverModules = readdirSync(new URL(`../../${server}/modules`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// (users and branch_members, read by every access check, are tenancy tables in platform/db.)
export const moduleTableZones = serverModules.map((name) => ({
  target: `${server}/modules/${name}`,
  from: `${server}/modules/!(${name})/schema.ts`,
  message: "a module never imports another module's tables: use the owner's repository, service or SQL fragments.",
}));

export const boundaries = [
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [resolver], 'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: [`${server}/**/*.ts`],
    ignores: [...tests, `${server}/test-support/**`],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...serverZones, ...moduleTableZones] }] },
  },
];
