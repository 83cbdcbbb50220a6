import { createHmac } from 'node:crypto';
import type { ReporterIdentity } from '../../src/domain/gate/rank/official-results/report-consensus';
import { normaliseEmail } from '../store';
import { networkOf } from '../http/network';
import { readAccessToken } from './scorecard-access';

/**
 * Who sent an official result, as digests keyed with the server's secret: what consensus needs to tell reporters
 * apart, and nothing that names an address, a device or a network to someone reading the database.
 */
export function reporterIdentity(
  secret: string,
  who: { email: string; accessToken: string; address: string },
): ReporterIdentity {
  const digest = (kind: string, value: string) =>
    createHmac('sha256', secret).update(`reporter\0${kind}\0${value}`).digest('base64url').slice(0, 22);
  // The device's id, not its token: a token renewed each day is still the one device.
  const read = readAccessToken(secret, who.accessToken);
  return {
    address: digest('address', normaliseEmail(who.email)),
    device: digest('device', read.status === 'invalid' ? who.accessToken : read.access.device),
    network: digest('network', networkOf(who.address)),
  };
}
