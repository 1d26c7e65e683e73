import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The server's layering is kept by ESLint (eslint.config.js): lib/ and db/ import no module, a module
// reads another's data through that module's service rather than its repository, and the prompt query
// engine is imported through its index.ts. These lint a line of code as if it stood in a given file.

const eslint = new ESLint({ cwd: process.cwd() });

async function refused(filePath: string, from: string): Promise<boolean> {
  const [result] = await eslint.lintText(`import { a } from '${from}';\nexport const b = a;\n`, { filePath });
  return result!.messages.some((m) => m.ruleId === 'no-restricted-imports');
}

// Loading the config (and the plugins it names) is most of the cost: done once, under the hook's timeout.
beforeAll(() => eslint.lintText('', { filePath: 'src/server/lib/example.ts' }));

describe('server module boundaries', () => {
  it('keep lib/ and db/ from importing modules', async () => {
    expect(await refused('src/server/lib/example.ts', '../modules/auth/auth.service')).toBe(true);
    expect(await refused('src/server/db/example.ts', '../modules/prompt-query')).toBe(true);
    expect(await refused('src/server/lib/example.ts', './prompt-derived-cache')).toBe(false);
  });

  it("keep a module out of another module's repository, not out of its own or another's service", async () => {
    expect(await refused('src/server/modules/sso/example.ts', '../auth/sessions.repo')).toBe(true);
    expect(await refused('src/server/modules/prompt-query/example.ts', '../users/users.repo')).toBe(true);
    expect(await refused('src/server/modules/sso/example.ts', './sso.repo')).toBe(false);
    expect(await refused('src/server/modules/sso/example.ts', '../auth/sessions.service')).toBe(false);
  });

  it('let other modules use the prompt query engine through its index only', async () => {
    expect(await refused('src/server/modules/catalog/example.ts', '../prompt-query/query.plan')).toBe(true);
    expect(await refused('src/server/modules/catalog/example.ts', '../prompt-query')).toBe(false);
    expect(await refused('src/server/modules/prompt-query/example.ts', './query.plan')).toBe(false);
  });
});
