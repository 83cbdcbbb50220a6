import Router from '@koa/router';
import { object, string } from 'yup';
import type { Services } from '../../services';
import type { Crowd } from '../../crowd/crowd';
import { limitPerAddress } from '../../http/limiters';
import { validate } from '../../http/validate';
import { plainText } from '../../../src/domain/validation/text';
import { officialResultSchema } from '../../../src/domain/validation/official-result';
import { createScorecardAccess } from '../../access/scorecard-access';
import { createOfficialResults, OFFICIAL_RESULT_ERRORS } from './official-results';
import { presentOfficialResultAdded, presentOfficialResultStatus } from './presenter';

/** A stored result, asked about by the device that holds the proof of an address verified for it (access). */
const resultOfDevice = object({
  resultId: plainText(
    string().trim().required(OFFICIAL_RESULT_ERRORS.noResult).max(100, OFFICIAL_RESULT_ERRORS.noResult),
  ),
  access: plainText(string().trim().max(600, OFFICIAL_RESULT_ERRORS.verifyFirst)),
});
const report = officialResultSchema.concat(resultOfDevice);
const BARE = { messages: 'bare' } as const;

/** The scorecard's "Add your official result" section: its state on this device, and adding the result. */
export function officialResultRoutes({ store, config }: Services, crowd: Crowd): Router {
  const router = new Router({ prefix: '/api/data/official-results' });
  const perMinute = store.limiters({ name: 'official-results', points: config.rateLimitPerMinute, windowMs: 60_000 });
  const limited = limitPerAddress(perMinute, 'official-result requests');
  const officialResults = createOfficialResults(store, crowd, createScorecardAccess(config, store));

  router.post('/status', limited, validate(resultOfDevice, BARE), async (ctx) => {
    ctx.body = presentOfficialResultStatus(
      await officialResults.status(ctx.state.input.resultId, ctx.state.input.access),
    );
  });

  router.post('/', limited, validate(report, BARE), async (ctx) => {
    const { resultId, access, ...input } = ctx.state.input;
    ctx.status = 201;
    ctx.body = presentOfficialResultAdded(await officialResults.report(resultId, access, input));
  });

  return router;
}
