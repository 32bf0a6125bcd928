import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint config keeps the server's layers: these lint virtual files that import the wrong way
// and expect the rule to refuse them (and the right way to pass).
const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

// The first lint loads the parser and the plugins: slow on a busy machine.
describe('server import boundaries', { timeout: 120_000 }, () => {
  it('refuses platform importing a module', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/platform/bad-import.ts',
      "import { BlacklistService } from '../modules/blacklist/service.js';\nexport const service = BlacklistService;\n",
    );
    expect(errors.join('\n')).toContain('platform is the bottom layer');
  });

  it('refuses channels importing a module', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/channels/bad-import.ts',
      "import { BlacklistService } from '../modules/blacklist/service.js';\nexport const service = BlacklistService;\n",
    );
    expect(errors.join('\n')).toContain('channels and crm never import modules');
  });

  it('refuses a module importing the runtime or test support', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/blacklist/bad-import.ts',
      "import { startRuntime } from '../../runtime.js';\nimport { startTestApp } from '../../test-support/harness.js';\nexport const both = [startRuntime, startTestApp];\n",
    );
    expect(errors).toHaveLength(2);
  });

  it("refuses a module importing another module's tables, and lets it import its own", async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/mailing/bad-import.ts',
      "import { consents } from '../consents/schema.js';\nexport const table = consents;\n",
    );
    expect(errors.join('\n')).toContain("a module never imports another module's tables");
    expect(
      await boundaryErrors(
        'apps/server/src/modules/consents/good-import.ts',
        "import { consents } from './schema.js';\nimport { consentEntriesSql } from '../consents/repository.js';\nexport const both = [consents, consentEntriesSql];\n",
      ),
    ).toEqual([]);
    // The owner's SQL and repository are the way in.
    expect(
      await boundaryErrors(
        'apps/server/src/modules/mailing/good-import.ts',
        "import { consentEntriesSql } from '../consents/repository.js';\nexport const entries = consentEntriesSql;\n",
      ),
    ).toEqual([]);
  });

  it('lets a module import platform and channels, and a test import test support', async () => {
    expect(
      await boundaryErrors(
        'apps/server/src/modules/blacklist/good-import.ts',
        "import type { ServerModule } from '../../platform/module.js';\nimport type { ReplyHandlers } from '../../channels/inbound/reply-chain.js';\nexport type Both = [ServerModule, ReplyHandlers];\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'apps/server/src/modules/blacklist/some.test.ts',
        "import { startTestApp } from '../../test-support/harness.js';\nexport const start = startTestApp;\n",
      ),
    ).toEqual([]);
  });
});
