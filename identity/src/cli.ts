import { parseArgs } from 'node:util';
import pino from 'pino';
import {
  createUserWithTemporaryPassword,
  setAdmin,
  setTemporaryPassword,
} from './admin/operator-actions';
import { loadIdentityConfig } from './config';
import { openIdentityService } from './service';

const USAGE = `Operator commands for the embedded user pool (same DATA_DIR and COGNITO_* as the server):

  create-user --email <e-mail> --name <name> [--temporary-password <pw>] [--admin]
  set-temporary-password --email <e-mail> [--temporary-password <pw>]
  set-admin --email <e-mail> [--off]

Temporary passwords are generated when not given, printed here and mailed (outbox/SMTP).
The user must choose a new password at the next sign-in.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    'temporary-password': { type: 'string' },
    admin: { type: 'boolean', default: false },
    off: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

const command = positionals[0];
if (values.help || command === undefined || values.email === undefined) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}

const config = loadIdentityConfig(process.env);
const log = pino({ level: 'warn' });
const service = await openIdentityService(config.identity);
const email = values.email;
try {
  switch (command) {
    case 'create-user': {
      if (values.name === undefined) throw new Error('create-user needs --name');
      const created = await createUserWithTemporaryPassword(
        service,
        {
          email,
          name: values.name,
          temporaryPassword: values['temporary-password'],
          admin: values.admin,
        },
        log,
      );
      console.log(
        `created ${email} (${created.userId}); temporary password: ${created.temporaryPassword}`,
      );
      break;
    }
    case 'set-temporary-password': {
      const set = await setTemporaryPassword(
        service,
        { email, temporaryPassword: values['temporary-password'] },
        log,
      );
      console.log(
        `${email} must change the temporary password ${set.temporaryPassword} at sign-in`,
      );
      break;
    }
    case 'set-admin':
      await setAdmin(service, email, !values.off);
      console.log(`${email} is ${values.off ? 'no longer' : 'now'} an admin`);
      break;
    default:
      throw new Error(`Unknown command ${command}\n\n${USAGE}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await service.close();
}
