import { text } from 'node:stream/consumers';
import { ValidationError } from 'yup';
import { loadConfig, ConfigError } from '../config';
import { createStore } from '../store';
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
  const store = await createStore(loadConfig());
  try {
    const outcome = await ensureAdmin({ store }, email, password);
    console.log(`Administrator ${email.toLowerCase()} ${outcome}.`);
    return 0;
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
    process.exit(1);
  });
