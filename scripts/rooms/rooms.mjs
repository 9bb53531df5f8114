// The rooms of the code and the stairs between them. The server from the top down: its entry points
// (app wiring, main, workers, housekeeping), the command line and the demo seed; then the modules,
// the back office above the others; then http/, and at the bottom shared/ and db/. The storefront:
// the app shell, then features (a few base ones the others may use), then components/ and lib/; the
// back office is its own bundle.

const SERVER = 'server/src/';
const WEB = 'web/src/';

/** The room a repository-relative path belongs to, e.g. `server:modules/orders` or `web:features/cart`. */
export function roomOf(file) {
  if (file.startsWith(SERVER)) {
    const parts = file.slice(SERVER.length).split('/');
    // Each entry point is a room of its own: the seed takes app.ts's types while main.ts runs the seed.
    if (parts.length === 1) return parts[0] === 'config.ts' ? 'server:config' : `server:${parts[0]}`;
    if (parts[0] === 'modules') return parts.length === 2 ? 'server:modules' : `server:modules/${parts[1]}`;
    if (parts[0] === 'db' && parts[1] === 'migrations' && parts.length > 2) return 'server:db/migrations';
    return `server:${parts[0]}`;
  }
  if (file.startsWith(WEB)) {
    const parts = file.slice(WEB.length).split('/');
    if (parts.length === 1) return 'web:app';
    if (parts[0] === 'features') return `web:features/${parts[1]}`;
    return `web:${parts[0]}`;
  }
  return null;
}

const isServerTop = (room) =>
  ['server:cli', 'server:seed'].includes(room) || (/^server:[^/]+\.ts$/.test(room) && room !== 'server:config');
const isModule = (room) => room?.startsWith('server:modules');
const isFeature = (room) => room?.startsWith('web:features/');

/**
 * The import rules, in order: an import is refused by the first rule it breaks. `refuses` gets the
 * importing and the imported file's rooms (the target's room is null for a package) and the specifier.
 */
export function importRules({ baseFeatures }) {
  return [
    {
      name: 'migrations-are-frozen',
      refuses: (from, to, specifier) =>
        from === 'server:db/migrations' && (to === null ? specifier !== 'kysely' : to !== 'server:db/migrations'),
      instead:
        'a migration is frozen as written: it imports only kysely and files in db/migrations/, and holds its own SQL',
      packages: true,
    },
    {
      name: 'db-and-shared-are-the-floor',
      refuses: (from, to) =>
        ['server:db', 'server:db/migrations', 'server:shared'].includes(from) &&
        (isModule(to) || ['server:http', 'server:config'].includes(to) || isServerTop(to)),
      instead:
        'db/ and shared/ are the bottom floor and import nothing above them; pass what they need in as a parameter, or move the helper down to shared/',
    },
    {
      name: 'http-is-below-the-modules',
      refuses: (from, to) => from === 'server:http' && (isModule(to) || to === 'server:config' || isServerTop(to)),
      instead:
        'http/ is below the modules and imports none of them; pass what it needs in from app.ts, or move the helper to shared/',
    },
    {
      name: 'back-office-is-on-top',
      refuses: (from, to) =>
        to === 'server:modules/admin' && from !== 'server:modules/admin' && from !== 'server:app.ts',
      instead:
        'only app.ts wires the back office; the back office asks the modules, never the reverse: move what both need into the owning module or shared/',
    },
    {
      name: 'modules-are-below-the-entry-points',
      refuses: (from, to) => isModule(from) && isServerTop(to),
      instead:
        'a module never imports the app wiring, the command line or the seed; they call the module, so move the piece the module needs into it or into shared/',
    },
    {
      name: 'config-is-read-at-the-top',
      refuses: (from, to) => to === 'server:config' && !isServerTop(from) && from !== 'server:config',
      instead:
        'only the app wiring, main, workers, housekeeping, the command line and the seed read config.ts; take the value as a parameter (its type can live in shared/ or http/)',
    },
    {
      name: 'features-use-only-base-features',
      refuses: (from, to) =>
        isFeature(from) && isFeature(to) && from !== to && !baseFeatures.includes(to.slice('web:features/'.length)),
      instead: `a feature uses another only if it is a base one (${baseFeatures.join(', ')}); anything more shared belongs in components/, lib/ or the contract`,
    },
    {
      name: 'components-and-lib-hold-no-business',
      refuses: (from, to) =>
        ['web:components', 'web:lib'].includes(from) && (isFeature(to) || ['web:app', 'web:admin'].includes(to)),
      instead:
        'components/ and lib/ hold no business: they never import a feature, the app or the back office; take the value as a prop or parameter',
    },
    {
      name: 'back-office-is-its-own-bundle',
      refuses: (from, to) => to === 'web:admin' && from !== 'web:admin' && from?.startsWith('web:'),
      instead:
        'the back office is its own bundle: the shop never imports from web/src/admin; share through lib/ or components/',
    },
  ];
}
