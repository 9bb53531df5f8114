import { useEffect, useRef, useState } from 'react';
import { useAuth } from './auth-context';

/** How a piece of the browser's state is kept on the server for a signed-in shopper. */
export interface KeptForAccount<T> {
  /** The browser's value now (a new value each change, as React state is). */
  value: T;
  /**
   * At sign-in: reads the kept value and gives the one both become (or undefined when the server
   * could not be read: the browser's then stays, and nothing is written).
   */
  mergeWithKept: (local: T) => Promise<T | undefined>;
  /** Puts the merged value in the browser. */
  apply: (merged: T) => void;
  /** Writes a value to the server. */
  write: (value: T) => Promise<unknown>;
  /** Waits this long after a change before writing (a quantity clicked up five times is one request). */
  writeAfterMs?: number;
}

/**
 * The kept cart's and wishlist's shared mechanism: at sign-in the kept value and the browser's
 * become one and are written back; each change after is written too. A guest's stays in the browser.
 */
export function useKeptForAccount<T>({ value, mergeWithKept, apply, write, writeAfterMs = 0 }: KeptForAccount<T>) {
  const { user, loading } = useAuth();
  const latest = useRef({ value, mergeWithKept, apply, write });
  latest.current = { value, mergeWithKept, apply, write };
  const [syncedFor, setSyncedFor] = useState<string | null>(null);
  const lastWritten = useRef('');
  const who = loading ? undefined : (user?.email ?? null);

  useEffect(() => {
    if (who === undefined) return;
    setSyncedFor(null);
    if (who === null) return;
    let cancelled = false;
    void (async () => {
      const merged = await latest.current.mergeWithKept(latest.current.value);
      if (cancelled || merged === undefined) return;
      latest.current.apply(merged);
      lastWritten.current = JSON.stringify(merged);
      await latest.current.write(merged);
      if (!cancelled) setSyncedFor(who);
    })();
    return () => {
      cancelled = true;
    };
  }, [who]);

  useEffect(() => {
    if (!syncedFor || syncedFor !== who) return;
    const text = JSON.stringify(value);
    if (text === lastWritten.current) return;
    const writeNow = () => {
      lastWritten.current = text;
      void latest.current.write(value);
    };
    if (writeAfterMs === 0) return writeNow();
    const timer = setTimeout(writeNow, writeAfterMs);
    return () => clearTimeout(timer);
  }, [syncedFor, who, value, writeAfterMs]);
}
