import { useRef, useState } from 'react';

/**
 * A dialog whose code is fetched the first time it is opened (a `lazy` component), and its opener:
 * `wanted` says it has been asked for once, and it stays mounted after, so that closing it gives the
 * focus back to the opener (`opener`). `openerProps` go on the button that opens it.
 */
export function useLazyDialog() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const openerProps = {
    ref: opener,
    type: 'button',
    'aria-haspopup': 'dialog',
    'aria-expanded': open,
    onClick: () => {
      setWanted(true);
      setOpen(true);
    },
  } as const;
  return { open, setOpen, wanted, opener, openerProps };
}
