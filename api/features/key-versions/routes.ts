import Router from '@koa/router';
import { OPERATIONS } from '../../../src/contract/operations';
import type { Store } from '../../store';
import type { RequireAdmin } from '../../access/admin-guard';
import { HttpError } from '../../http/errors';
import { validateInput } from '../../http/validate';
import { presentKeyVersion, presentKeyVersions } from '../../presenters';
import { createComparer } from './key-version-comparison';

const BARE = { messages: 'bare' } as const;

/**
 * Key versions: the current one of a paper for anyone (a saved scorecard asks whether its key is still current), and
 * for administrators every version of a paper and the comparison of any two. Reads only: versions are recorded by the
 * key change itself (api/papers/key-change-saves.ts).
 */
export function keyVersionRoutes({ store, requireAdmin }: { store: Store; requireAdmin: RequireAdmin }): Router {
  const router = new Router({ prefix: '/api/data' });
  const admin = requireAdmin();
  const comparer = createComparer(store);

  async function paperOf(paperId: string) {
    const paper = await store.questions.listByPaperId(paperId);
    if (paper.length === 0) throw new HttpError(404, `No paper named ${paperId}.`);
    return paper;
  }

  async function versionOf(paperId: string, version: number) {
    const found = await store.keyVersions.find(paperId, version);
    if (!found) throw new HttpError(404, `${paperId} has no key version ${version}.`);
    return found;
  }

  // The store's own record, never an instance's copy: the client then asks for its scorecard with this version as
  // minKeyVersion, and gets it from every instance at once.
  router.get('/key-version', validateInput(OPERATIONS.keyVersion.input, BARE), async (ctx) => {
    const { paperId } = ctx.state.input;
    const paper = await store.papers.findById(paperId);
    if (!paper) throw new HttpError(404, `No paper named ${paperId}.`);
    const version = paper.keyVersion > 0 ? await store.keyVersions.find(paper.id, paper.keyVersion) : null;
    if (!version) throw new HttpError(404, `${paper.label} has no answer key yet.`);
    ctx.body = presentKeyVersion(version);
  });

  router.get('/key-versions', admin, validateInput(OPERATIONS.keyVersions.input, BARE), async (ctx) => {
    const { paperId } = ctx.state.input;
    const paper = await paperOf(paperId);
    ctx.body = presentKeyVersions(paperId, paper, await store.keyVersions.list(paperId));
  });

  router.get('/key-versions/compare', admin, validateInput(OPERATIONS.compareKeyVersions.input, BARE), async (ctx) => {
    const { paperId, from, to } = ctx.state.input;
    await paperOf(paperId);
    ctx.body = await comparer.compare(paperId, await versionOf(paperId, from), await versionOf(paperId, to));
  });

  return router;
}
