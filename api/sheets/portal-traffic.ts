import { consume } from '../http/limiters';
import type { Metrics } from '../http/metrics';
import type { LimiterFactory } from '../store';
import { portalBusy, type FetchPolicy } from './fetcher';

/** What the server fetches from the GATE portal: response sheets (checks and admins' master sheets), and images. */
export type PortalFileKind = 'sheet' | 'image';

/** The part of a fetch policy that the shared budget and the metric fill in. */
export type PortalHooks = Pick<FetchPolicy, 'spend' | 'onResult'>;

export interface PortalTraffic {
  hooks(kind: PortalFileKind): PortalHooks;
}

/**
 * Every request this server sends the portal, whatever it fetches, comes out of one budget per minute, counted where
 * the limits are (on MongoDB shared by every instance): however many candidates ask at once, the portal sees at most
 * PORTAL_FETCHES_PER_MINUTE requests from this service, never a flood its defences would block on results day. Each
 * fetch's end is counted in `hiregate_portal_fetches_total` by kind of file and result.
 */
export function portalTraffic(
  limiters: LimiterFactory,
  perMinute: number,
  metrics?: Pick<Metrics, 'portalFetches'>,
): PortalTraffic {
  const budget = limiters({ name: 'portal-fetches', points: perMinute, windowMs: 60_000 });
  return {
    hooks: (kind) => ({
      async spend() {
        const { allowed, res } = await consume(budget, 'all');
        if (!allowed) throw portalBusy(res.msBeforeNext);
      },
      onResult: (result) => metrics?.portalFetches.inc({ file: kind, result }),
    }),
  };
}
