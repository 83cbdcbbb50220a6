import { text } from 'node:stream/consumers';
import { ValidationError } from 'yup';
import { loadConfig, ConfigError } from '../config';
import { createStore } from '../store';
import { DataFolderInUseError } from '../store/embedded/data-folder-lock';
import { emailField, passwordField } from '../../src/domain/validation/accounts';
import { ensureAdmin } from '../features/accounts/account-service';

const USAGE = `Usage: npm run --silent admin -- create <email>
Reads the new administrator's password from the first line of standard input, for example:
  printf '%s\\n' 'S3cure!pass' | npm run --silent admin -- create admin@example.com
An existing account with that e-mail becomes an administrator and gets the new password.`;

/** Interactive terminals get a prompt; pipes are read silently. */
async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password (input is visible; prefer a pipe): ');
  const input = await text(process.stdin);
  return input.split(/\r?\n/)[0] ?? '';
}

async function main(args: string[]): Promise<number> {
  const [command, rawEmail] = args;
  if (command !== 'create' || !rawEmail) {
    console.error(USAGE);
    return 2;
  }
  let email: string;
  let password: string;
  try {
    email = emailField().validateSync(rawEmail);
    password = passwordField().validateSync(await readPassword());
  } catch (error) {
    if (error instanceof ValidationError) {
      console.error(`Not accepted: ${error.message}`);
      return 2;
    }
    throw error;
  }
  const store = await openStoreOrExplain();
  if (!store) return 1;
  try {
    const outcome = await ensureAdmin({ store }, email, password);
    console.log(`Administrator ${email.toLowerCase()} ${outcome}.`);
    return 0;
  } finally {
    await store.close();
  }
}

/** The embedded store is locked while a server runs on it: say what to do instead of writing behind its back. */
async function openStoreOrExplain() {
  try {
    return await createStore(loadConfig());
  } catch (error) {
    if (!(error instanceof DataFolderInUseError)) throw error;
    console.error(
      `The server is running on this data folder (${error.dataDir}, process ${error.owner.pid}); ` +
        'no administrator was created. Stop the server and run this command again, ' +
        'or start the server with ADMIN_EMAIL and ADMIN_PASSWORD set.',
    );
    return null;
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
    process.exit(1);
  });
