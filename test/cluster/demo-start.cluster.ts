import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAPERS } from '../../api/demo/demo-papers';
import { createStore, type Store } from '../../api/store';
import { startCluster, type Cluster } from './cluster';

/**
 * A fresh deployment as systemd starts it: both instances at the same moment on an empty database, the demo on. Both
 * seed the demo's papers at once; neither may die of the other's seeding.
 */
describe('two instances started at the same moment with the demo on', () => {
  let cluster: Cluster;
  let store: Store;

  beforeAll(async () => {
    cluster = await startCluster({
      instances: 2,
      together: true,
      // Two seedings at once are a burst of writes that mongo-java-server, on a machine shared with other test runs,
      // may take longer than MongoDB's 1 s deadline to answer; this test is about the seeding's collisions.
      env: { DEMO: 'true', STORE_TIMEOUT_MS: '5000' },
    });
    store = await createStore({ mongodbUri: cluster.mongoUri, dataDir: '' });
  }, 180_000);

  afterAll(async () => {
    await store?.close();
    await cluster?.stop();
  });

  it('brings both up, healthy, with each demo paper seeded once', async () => {
    for (const instance of cluster.instances) {
      expect((await fetch(`${instance.url}/api/health/ready`)).status).toBe(200);
    }
    expect((await fetch(`${cluster.origin}/api/health/ready`)).status).toBe(200);
    const papers = await store.papers.list();
    expect(papers.filter((paper) => paper.demo)).toHaveLength(DEMO_PAPERS.length);
    for (const paper of papers) {
      const questions = await store.questions.listByPaperId(paper.id);
      expect(questions.every((question) => question.keyVersion === 1)).toBe(true);
    }
  });
});
