import type { StoreRow } from '../../db/schema.js';

/**
 * A store's public address: the host shoppers reach it on (and its extra hosts, e.g. the `www.`
 * form), from which every link the shop writes (emails, canonical links, sitemaps, robots.txt) is
 * made. Never from a request's Host header: that is the client's own words.
 */

/** A lowercase DNS name: labels of letters, digits and inner hyphens, 253 characters at most. */
const HOST_NAME = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A host as a merchant gives it: its name, and a port only for a shop tried on this machine. */
export interface PublicHost {
  host: string;
  port: number | null;
}

/** What was wrong with a given host, in one line. */
export class HostError extends Error {}

/** The host is another store's (its own or one of its extra hosts). */
export class HostTakenError extends HostError {}

/** An IPv4 address, or localhost: links to these reach only the shopper's own machine or network. */
export function isLocalHost(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}

/**
 * `shop.example.in`, or `localhost:8044` while trying the shop: lowercased, and refused with a
 * message naming what is wrong (a scheme, a path, an `api.` host, a character a DNS name cannot hold).
 */
export function parseHost(given: string): PublicHost {
  const text = given.trim().toLowerCase();
  if (text === '') throw new HostError("Give the shop's host name, e.g. shop.example.in.");
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(text)) {
    throw new HostError(`'${given.trim()}' is an address, not a host: give only the host name, e.g. shop.example.in.`);
  }
  if (/[/?#@\s]/.test(text)) throw new HostError(`'${given.trim()}' is not a host name: no path, spaces or '@'.`);
  const [, name = '', portText] = /^([^:]*)(?::(\d{1,5}))?$/.exec(text) ?? [];
  if (!HOST_NAME.test(name) || name.length > 253) throw new HostError(`'${given.trim()}' is not a host name.`);
  if (name.startsWith('api.')) {
    throw new HostError(`Give the shop's own host: '${name.slice(4)}' (its API at '${name}' is found from it).`);
  }
  const port = portText === undefined ? null : Number(portText);
  if (port !== null && (port < 1 || port > 65_535)) throw new HostError(`'${given.trim()}' has no valid port.`);
  return { host: name, port };
}

/** Extra hosts as a merchant lists them (`www.shop.example.in, shop.in`): each a plain host name, no port. */
export function parseExtraHosts(given: string | readonly string[]): string[] {
  const list = typeof given === 'string' ? given.split(',') : given;
  const hosts: string[] = [];
  for (const entry of list) {
    if (entry.trim() === '') continue;
    const { host, port } = parseHost(entry);
    if (port !== null) throw new HostError(`'${entry.trim()}': an extra host has no port.`);
    if (!hosts.includes(host)) hosts.push(host);
  }
  return hosts;
}

/** The store's extra hosts (none when not set). */
export function extraHostsOf(store: Pick<StoreRow, 'extra_hosts_json'>): string[] {
  if (!store.extra_hosts_json) return [];
  const hosts: unknown = JSON.parse(store.extra_hosts_json);
  return Array.isArray(hosts) ? hosts.filter((host): host is string => typeof host === 'string') : [];
}

/** Every host the store answers to: its own first, then its extra hosts. */
export const hostsOf = (store: Pick<StoreRow, 'host' | 'extra_hosts_json'>): string[] => [
  store.host,
  ...extraHostsOf(store),
];

/** The store's host as a merchant reads and writes it: with its port when it has one. */
export const hostWithPort = (store: Pick<StoreRow, 'host' | 'public_port'>): string =>
  store.public_port ? `${store.host}:${store.public_port}` : store.host;

/**
 * The origin every link of the store starts with: `https://<host>` on its own domain (production
 * runs behind TLS); `http://` for localhost, an IP or a host with a port (a shop tried on this
 * machine). A local store without a port of its own is reached on the server's port (`localPort`).
 */
export function publicOriginOf(store: Pick<StoreRow, 'host' | 'public_port'>, localPort?: number): string {
  const host = store.host || 'localhost';
  if (store.public_port) return `http://${host}:${store.public_port}`;
  if (isLocalHost(host)) return `http://${host}${localPort ? `:${localPort}` : ''}`;
  return `https://${host}`;
}

/**
 * Serving the public (NODE_ENV=production or behind a proxy), a store whose emails would link to
 * localhost or an IP reaches no shopper: the one line that says so and names the command that fixes
 * it, or undefined when every store has a public host.
 */
export function localLinksRefusal(
  stores: readonly Pick<StoreRow, 'host' | 'public_port' | 'store_name'>[],
  originOf: (store: Pick<StoreRow, 'host' | 'public_port'>) => string,
): string | undefined {
  const local = stores.find((store) => isLocalHost(store.host || 'localhost'));
  if (!local) return undefined;
  const which = stores.length > 1 ? ` --store ${local.host}` : '';
  return (
    `the store ${local.store_name} (${hostWithPort(local)}) would send emails with links to ${originOf(local)}, which no shopper can open. ` +
    `Give it its public host: npm run store --${which} info set host shop.example.in (or ALLOW_LOCAL_LINKS=true for a trial on this machine).`
  );
}
