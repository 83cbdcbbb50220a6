import { createHmac } from 'node:crypto';
import type { ReporterIdentity } from '../../src/domain/gate/rank/official-results/report-consensus';
import { normaliseEmail } from '../store';
import { networkOf } from '../http/network';

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
  return {
    address: digest('address', normaliseEmail(who.email)),
    device: digest('device', who.accessToken),
    network: digest('network', networkOf(who.address)),
  };
}
