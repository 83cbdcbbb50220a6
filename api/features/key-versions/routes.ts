import Router from '@koa/router';
import { number, object, string } from 'yup';
import { diffKeys, type KeyVersionEntry } from '../../../src/domain/gate';
import { plainText } from '../../../src/domain/validation/text';
import type { Services } from '../../services';
import { HttpError } from '../../http/errors';
import { requireAdmin } from '../../http/admin-auth';
import { validate } from '../../http/validate';
import { createComparer, keyStampNow, recordedKeyVersion, stampOf } from './key-versions';

const paperSetField = () =>
  plainText(string().trim().required('Name the paper set (paperSet), e.g. CS 1 2026.').max(200));
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
 * for administrators every version of a paper and the comparison of any two.
 */
export function keyVersionRoutes({ store, ...services }: Services): Router {
  const router = new Router({ prefix: '/api/data' });
  const admin = requireAdmin({ store, ...services });
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

  router.get('/key-version', validate(paperSetQuery, QUERY), async (ctx) => {
    const { paperSet } = ctx.state.input;
    ctx.body = await keyStampNow(store, paperSet, await paperOf(paperSet));
  });

  router.get('/key-versions', admin, validate(paperSetQuery, QUERY), async (ctx) => {
    const { paperSet } = ctx.state.input;
    const paper = await paperOf(paperSet);
    await recordedKeyVersion(store, paperSet, paper);
    const versions = await store.keyVersions.list(paperSet);
    ctx.body = {
      paperSet,
      versions: versions.map((version, index): KeyVersionEntry => ({
        ...stampOf(version),
        source: version.source,
        ...(version.by ? { by: version.by } : {}),
        // Questions whose key this version changed, against the version before it.
        changedQuestions: diffKeys(paper, versions[index + 1]?.keys ?? {}, version.keys).length,
      })),
    };
  });

  router.get('/key-versions/compare', admin, validate(compareQuery, QUERY), async (ctx) => {
    const { paperSet, from, to } = ctx.state.input;
    await paperOf(paperSet);
    ctx.body = await comparer.compare(paperSet, await versionOf(paperSet, from), await versionOf(paperSet, to));
  });

  return router;
}
