import { PINCODE_PATTERN } from '@netkart/contract';
import { useEffect, useState } from 'react';

/** The PIN a shopper checked on a product page, kept for the browser tab's session only. */
const REMEMBERED_PIN_KEY = 'netkart.delivery-pin';

export function readRememberedPin(): string | undefined {
  try {
    const pin = window.sessionStorage.getItem(REMEMBERED_PIN_KEY) ?? '';
    return PINCODE_PATTERN.test(pin) ? pin : undefined;
  } catch {
    return undefined; // storage refused (a private window's quota): nothing remembered
  }
}

export function rememberPin(pin: string): void {
  try {
    window.sessionStorage.setItem(REMEMBERED_PIN_KEY, pin);
  } catch {
    // Not remembered; the page still shows the answer.
  }
  setters.forEach((set) => {
    set(pin);
  });
}

const setters = new Set<(pin: string | undefined) => void>();

/**
 * The remembered PIN, read after the page has hydrated (the server's page has none), and updated
 * when another part of the page remembers a new one.
 */
export function useRememberedPin(): string | undefined {
  const [pin, setPin] = useState<string | undefined>(undefined);
  useEffect(() => {
    setPin(readRememberedPin());
    setters.add(setPin);
    return () => {
      setters.delete(setPin);
    };
  }, []);
  return pin;
}
