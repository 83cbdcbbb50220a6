import Router from '@koa/router';
import { number, object, string } from 'yup';
import { plainText } from '../../../src/domain/validation/text';
import type { Store } from '../../store';
import type { RequireAdmin } from '../../access/admin-guard';
import { HttpError } from '../../http/errors';
import { validate } from '../../http/validate';
import { presentKeyVersion, presentKeyVersions } from '../../presenters';
import { createComparer } from './key-version-comparison';

const paperSetField = () => plainText(string().trim().required('Name the paper (paperSet), e.g. CS1-2026.').max(200));
const versionField = (name: string) =>
  number()
    .typeError(`${name} must be a key version number.`)
    .integer(`${name} must be a key version number.`)
    .min(0, `${name} must be a key version number.`)
    .required(`Name the key version to compare (${name}).`);

const paperSetQuery = object({ paperSet: paperSetField() });
const compareQuery = object({ paperSet: paperSetField(), from: versionField('from'), to: versionField('to') });
const QUERY = { from: 'query', messages: 'bare' } as const;

/**
 * Key versions: the current one of a paper for anyone (a saved scorecard asks whether its key is still current), and
 * for administrators every version of a paper and the comparison of any two. Reads only: versions are recorded by the
 * key change itself (api/papers/key-change-saves.ts).
 */
export function keyVersionRoutes({ store, requireAdmin }: { store: Store; requireAdmin: RequireAdmin }): Router {
  const router = new Router({ prefix: '/api/data' });
  const admin = requireAdmin();
  const comparer = createComparer(store);

  async function paperOf(paperSet: string) {
    const paper = await store.questions.listByPaperSet(paperSet);
    if (paper.length === 0) throw new HttpError(404, `No paper set named ${paperSet}.`);
    return paper;
  }

  async function versionOf(paperSet: string, version: number) {
    const found = await store.keyVersions.find(paperSet, version);
    if (!found) throw new HttpError(404, `${paperSet} has no key version ${version}.`);
    return found;
  }

  // The store's own record, never an instance's copy: the client then asks for its scorecard with this version as
  // minKeyVersion, and gets it from every instance at once.
  router.get('/key-version', validate(paperSetQuery, QUERY), async (ctx) => {
    const { paperSet } = ctx.state.input;
    const paper = await store.papers.findById(paperSet);
    if (!paper) throw new HttpError(404, `No paper set named ${paperSet}.`);
    const version = paper.keyVersion > 0 ? await store.keyVersions.find(paper.id, paper.keyVersion) : null;
    if (!version) throw new HttpError(404, `${paper.label} has no answer key yet.`);
    ctx.body = presentKeyVersion(version);
  });

  router.get('/key-versions', admin, validate(paperSetQuery, QUERY), async (ctx) => {
    const { paperSet } = ctx.state.input;
    const paper = await paperOf(paperSet);
    ctx.body = presentKeyVersions(paperSet, paper, await store.keyVersions.list(paperSet));
  });

  router.get('/key-versions/compare', admin, validate(compareQuery, QUERY), async (ctx) => {
    const { paperSet, from, to } = ctx.state.input;
    await paperOf(paperSet);
    ctx.body = await comparer.compare(paperSet, await versionOf(paperSet, from), await versionOf(paperSet, to));
  });

  return router;
}
