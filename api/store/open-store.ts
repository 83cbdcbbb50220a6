import { mailOutbox } from './repositories/mail-outbox';
import { questionRepository } from './repositories/questions';
import { resetTokenRepository } from './repositories/reset-tokens';
import { resultRepository } from './repositories/results';
import { userRepository } from './repositories/users';
import { verificationRepository } from './repositories/verifications';
import type { Collections } from './schema';
import type { Store } from './types';

/** The repositories over one adapter's collections; the adapter brings its kind, health check and close. */
export function storeOver(collections: Collections, adapter: Pick<Store, 'kind' | 'ping' | 'close'>): Store {
  return {
    kind: adapter.kind,
    users: userRepository(collections.users),
    resetTokens: resetTokenRepository(collections.resetTokens),
    verifications: verificationRepository(collections.verifications),
    questions: questionRepository(collections.questions),
    results: resultRepository(collections.results),
    mail: mailOutbox(collections.mail),
    ping: () => adapter.ping(),
    close: () => adapter.close(),
  };
}
