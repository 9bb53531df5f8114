import { STAFF_ROLES, type StaffRole } from '@netkart/contract';
import type { Command } from 'commander';
import { STORE_COMMAND_ACTOR } from '../../modules/audit/service.js';
import { STAFF_PASSWORD_MIN } from '../../modules/staff/service.js';
import { type CliContext, CliError, storeOption, withStore } from '../context.js';
import { formatDateTime, formatTable, terminalSafe as safe } from '../format.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `store staff …`: the people who sign in to the back office at /admin. */
export function addStaffCommands(program: Command, context: CliContext): void {
  const staff = program
    .command('staff')
    .description(
      'back-office accounts (/admin): owner does everything; catalogue keeps products, prices and stock; orders handles orders, shipping, returns and tickets; read-only reads orders, reports and invoices',
    );

  staff
    .command('add')
    .description(
      'add an account; the password is asked twice on a terminal, or read from standard input (one line) in scripts',
    )
    .argument('<email>', 'the email they sign in with')
    .requiredOption('--name <name>', 'their name, as the back office and the activity log show it')
    .option('--role <role>', `${STAFF_ROLES.join(', ')}`, 'orders')
    .option('--all-stores', 'may work on every store of this server (default: only the store of --store)')
    .option('--totp', 'sign in with a code from an authenticator app as well; prints the address to scan')
    .action(
      async (
        email: string,
        options: { name: string; role: string; allStores?: boolean; totp?: boolean },
        command: Command,
      ) => {
        const address = email.trim().toLowerCase();
        if (!EMAIL.test(address)) throw new CliError(`'${email}' is not an email address.`);
        const role = roleOf(options.role);
        const name = options.name.trim();
        if (!name || name.length > 100) throw new CliError('A name is 1 to 100 characters.');
        const password = await newPassword(context);
        await withStore(context, storeOption(command), async (shop, store) => {
          const { staff: added, totpUri } = await shop.services.staff.add(
            { email: address, name, role, storeId: options.allStores ? null : store.id, password, totp: options.totp },
            STORE_COMMAND_ACTOR,
          );
          const where = options.allStores ? 'every store' : store.host;
          context.stdout(
            `Added ${safe(added.name)} <${safe(added.email)}> as ${role === 'owner' ? 'owner' : `${role} staff`} of ${where}. They sign in at /admin.\n`,
          );
          if (totpUri) {
            context.stdout(
              `Two-factor sign-in is on. Add this to their authenticator app (Google Authenticator, Authy, …):\n${totpUri}\n`,
            );
          }
        });
      },
    );

  staff
    .command('list')
    .description('the accounts that may work on the store (its own, and those of every store)')
    .action(async (_options: unknown, command: Command) => {
      await withStore(context, storeOption(command), async (shop, store) => {
        const [accounts, stores] = await Promise.all([shop.services.staff.list(store.id), shop.services.stores.all()]);
        if (accounts.length === 0) {
          context.stdout(
            'No staff accounts yet. Add the owner with: npm run store -- staff add <email> --name <name> --role owner\n',
          );
          return;
        }
        const hostOf = new Map(stores.map((store) => [store.id, store.host]));
        const table = formatTable(
          ['EMAIL', 'NAME', 'ROLE', 'STORE', 'TWO-FACTOR', 'ADDED'],
          accounts.map((account) => [
            account.email,
            account.name,
            account.role,
            account.store_id === null ? 'all stores' : (hostOf.get(account.store_id) ?? account.store_id),
            account.totp_secret ? 'on' : 'off',
            formatDateTime(account.created_at),
          ]),
        );
        context.stdout(`${table}\n`);
        const owners = accounts.filter((account) => account.role === 'owner' && !account.totp_secret);
        for (const owner of owners) {
          context.stdout(
            `${owner.email} is an owner without two-factor sign-in: turn it on with: npm run store -- staff two-factor ${owner.email}\n`,
          );
        }
      });
    });

  staff
    .command('remove')
    .description('remove an account and sign it out everywhere')
    .argument('<email>', 'the account')
    .action(async (email: string, _options: unknown, command: Command) => {
      await withStore(context, storeOption(command), async (shop, store) => {
        const removed = await shop.services.staff.remove(store.id, email, STORE_COMMAND_ACTOR);
        context.stdout(`Removed ${safe(removed.name)} <${safe(removed.email)}>; their sessions have ended.\n`);
      });
    });

  staff
    .command('two-factor')
    .description('turn on sign-in with an authenticator app (prints the address to scan), or --off')
    .argument('<email>', 'the account')
    .option('--off', 'turn it off')
    .action(async (email: string, options: { off?: boolean }, command: Command) => {
      await withStore(context, storeOption(command), async (shop, store) => {
        const { staff: account, totpUri } = await shop.services.staff.setTwoFactor(
          store.id,
          email,
          !options.off,
          STORE_COMMAND_ACTOR,
        );
        if (totpUri) {
          context.stdout(
            `Two-factor sign-in is on for ${account.email}; their sessions have ended. Add this to their authenticator app:\n${totpUri}\n`,
          );
        } else {
          context.stdout(`Two-factor sign-in is off for ${account.email}.\n`);
        }
      });
    });

  staff
    .command('reset-password')
    .description('set a new password (asked twice, or read from standard input) and sign the account out everywhere')
    .argument('<email>', 'the account')
    .action(async (email: string, _options: unknown, command: Command) => {
      const password = await newPassword(context);
      await withStore(context, storeOption(command), async (shop, store) => {
        const account = await shop.services.staff.resetPassword(store.id, email, password, STORE_COMMAND_ACTOR);
        context.stdout(`New password set for ${account.email}; their sessions have ended.\n`);
      });
    });
}

function roleOf(value: string): StaffRole {
  const role = value.trim().toLowerCase();
  if (!(STAFF_ROLES as readonly string[]).includes(role)) {
    throw new CliError(`'${value}' is not a role. The roles are: ${STAFF_ROLES.join(', ')}.`);
  }
  return role as StaffRole;
}

/** Asked twice, hidden, on a terminal; the first line of standard input otherwise. */
async function newPassword(context: CliContext): Promise<string> {
  let password: string;
  if (context.askSecret) {
    password = await context.askSecret(`Password (at least ${STAFF_PASSWORD_MIN} characters): `);
    const again = await context.askSecret('The same password again: ');
    if (again !== password) throw new CliError('The two passwords differ. Nothing changed.');
  } else if (context.readInput) {
    password = (await context.readInput()).split(/\r?\n/)[0] ?? '';
  } else {
    throw new CliError('Type the password on a terminal, or pipe it in on standard input.');
  }
  if (password.length < STAFF_PASSWORD_MIN) {
    throw new CliError(`A staff password has at least ${STAFF_PASSWORD_MIN} characters. Nothing changed.`);
  }
  return password;
}
