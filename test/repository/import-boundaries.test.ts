import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import zones of docs/architecture.md are lint's (its floors and circles are house.test.ts's), and lint must
 * refuse a breach: probes written where a breach would be, linted with the project's own configuration, then removed.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function lintProbe(file: string, source: string): Promise<string[]> {
  const probe = path.join(repoRoot, file);
  writeFileSync(probe, source);
  try {
    const [result] = await new ESLint({ cwd: repoRoot }).lintFiles([probe]);
    return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
  } finally {
    rmSync(probe, { force: true });
  }
}

describe('import boundaries', () => {
  it('refuse an API feature importing another feature’s internals, and a shared module importing a feature', async () => {
    const featureProbe = await lintProbe(
      'api/features/admin/boundary-probe.ts',
      "import { resultKeyOf } from '../checker/checker-service';\nexport const probe = resultKeyOf;\n",
    );
    expect(featureProbe).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*An API feature imports no other feature/),
    ]);
    const sharedProbe = await lintProbe(
      'api/papers/boundary-probe.ts',
      "import { scoreAlertRoutes } from '../features/score-alerts/routes';\nexport const probe = scoreAlertRoutes;\n",
    );
    expect(sharedProbe).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*Shared API modules/)]);
  }, 60_000);

  it('refuse it in a feature no list names: the feature lists are read from the folders', async () => {
    const probe = await lintProbe(
      'api/features/official-results/boundary-probe.ts',
      "import { resultKeyOf } from '../checker/checker-service';\nexport const probe = resultKeyOf;\n",
    );
    expect(probe).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*An API feature imports no other feature/),
    ]);
  }, 60_000);

  it('refuse the service worker a feature or the API, and let it use src/domain and src/lib', async () => {
    const refused = await lintProbe(
      'service-worker/boundary-probe.ts',
      "import { EMPTY_FORM } from '../src/features/checker/checker-draft';\n" +
        "import { DAY_MS } from '../api/http/limiters';\n" +
        'export const probe = [EMPTY_FORM, DAY_MS];\n',
    );
    expect(refused).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*The service worker imports only/),
      expect.stringMatching(/^import-x\/no-restricted-paths: .*The service worker imports only/),
    ]);
    const allowed = await lintProbe(
      'service-worker/boundary-probe.ts',
      "import { plural } from '../src/domain/words';\nimport { db } from '../src/lib/db';\n" +
        'export const probe = [plural, db];\n',
    );
    expect(allowed).toEqual([]);
  }, 60_000);

  it('let a feature use the shared modules', async () => {
    const allowed = await lintProbe(
      'api/features/admin/boundary-probe.ts',
      "import { keysOf } from '../../papers';\nexport const probe = keysOf;\n",
    );
    expect(allowed).toEqual([]);
  }, 60_000);
});
