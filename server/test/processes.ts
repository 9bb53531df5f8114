import net from 'node:net';

/** A port nobody listens on now, for a real server process of the test. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Asks `check` again until it finds something (a failure counts as not yet), for at most `ms`. */
export async function until<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  ms = 30_000,
): Promise<T> {
  for (const start = Date.now(); Date.now() - start < ms; ) {
    const found = await Promise.resolve()
      .then(check)
      .catch(() => undefined);
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}
