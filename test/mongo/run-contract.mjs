#!/usr/bin/env node
// The storage contract suite on both adapters: embedded (nedb) always, then MongoDB — against MONGODB_URI when
// it is set, else against mongo-java-server started here. Exits non-zero when any lane fails or cannot run.
// Extra arguments go to vitest (e.g. `npm run test:contract -- -t users`).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMongoServer } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const vitest = path.join(root, 'node_modules', '.bin', 'vitest');

function runLane(title, env) {
  console.log(`\n=== Storage contract: ${title} ===`);
  return new Promise((resolve) => {
    const child = spawn(vitest, ['run', '--project', 'contract', ...process.argv.slice(2)], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.once('error', (error) => {
      console.error(`Cannot run vitest: ${error.message}`);
      resolve(false);
    });
    child.once('exit', (code) => resolve(code === 0));
  });
}

async function main() {
  const givenUri = process.env.MONGODB_URI;
  // The Java server starts while the embedded lane runs; its failure is reported after that lane.
  const starting = givenUri
    ? null
    : startMongoServer().then(
        (server) => ({ server }),
        (error) => ({ error }),
      );

  const embeddedPassed = await runLane('embedded (nedb)', { STORE_LANE: 'embedded' });

  let mongoPassed;
  if (givenUri) {
    mongoPassed = await runLane('mongodb (MONGODB_URI)', { STORE_LANE: 'mongodb', MONGODB_URI: givenUri });
  } else {
    const { server, error } = await starting;
    if (error) {
      console.error(`\nThe MongoDB lane cannot run: ${error.message}`);
      mongoPassed = false;
    } else {
      try {
        mongoPassed = await runLane(`mongodb (mongo-java-server at ${server.uri})`, {
          STORE_LANE: 'mongodb',
          MONGODB_URI: server.uri,
        });
      } finally {
        await server.stop();
      }
    }
  }

  console.log(
    `\nStorage contract: embedded ${embeddedPassed ? 'passed' : 'FAILED'}, mongodb ${mongoPassed ? 'passed' : 'FAILED'}`,
  );
  process.exitCode = embeddedPassed && mongoPassed ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
