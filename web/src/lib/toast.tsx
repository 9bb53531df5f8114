import { type ReactNode, useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

/**
 * The storefront's toasts: sonner's, with its code and its Toaster loaded when the first toast is
 * shown, since no page needs them to arrive. Sonner keeps a toast made before its Toaster listens
 * and shows it once the Toaster mounts.
 */
type Sonner = typeof import('sonner');

let loading: Promise<Sonner> | undefined;
let loaded: Sonner | undefined;
const listeners = new Set<() => void>();

function withSonner(show: (sonner: Sonner) => void) {
  loading ??= import('sonner').then((sonner) => {
    loaded = sonner;
    for (const listener of listeners) listener();
    return sonner;
  });
  loading.then(show, () => {
    // Not downloaded (the network gone, a new deploy): the next toast tries again.
    loading = undefined;
  });
}

/** A plain toast; `toast.success`, `.error` and `.warning` for the coloured ones, as sonner has them. */
export const toast = Object.assign(
  (message: ReactNode, data?: ExternalToast) => {
    withSonner((sonner) => sonner.toast(message, data));
  },
  {
    success(message: ReactNode, data?: ExternalToast) {
      withSonner((sonner) => sonner.toast.success(message, data));
    },
    error(message: ReactNode, data?: ExternalToast) {
      withSonner((sonner) => sonner.toast.error(message, data));
    },
    warning(message: ReactNode, data?: ExternalToast) {
      withSonner((sonner) => sonner.toast.warning(message, data));
    },
    /** Closes every toast open (there is none before sonner has loaded). */
    dismiss() {
      loaded?.toast.dismiss();
    },
  },
);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Where toasts show, from the first one on; nothing before (nor in the server's page). */
export function Toasts() {
  const sonner = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => undefined,
  );
  return sonner ? <sonner.Toaster richColors closeButton position="top-center" /> : null;
}
