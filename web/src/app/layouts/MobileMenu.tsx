import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { X } from '@/components/icons';
import { buttonClasses } from '@/components/ui';

export interface MobileMenuProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  links: { to: string; label: string }[];
  /** The button that opened the menu: it has the focus back when the menu closes. */
  opener: RefObject<HTMLButtonElement | null>;
}

/** The phone's menu, a dialog from the left. Its own chunk: a first visit does not need the dialog's code. */
export default function MobileMenu({ open, onOpenChange, title, links, opener }: MobileMenuProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 w-72 bg-white p-6 shadow-xl focus:outline-none"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
            <Dialog.Close className={buttonClasses('ghost', 'icon')} aria-label="Close menu">
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Store navigation</Dialog.Description>
          <nav aria-label="Mobile" className="mt-6 flex flex-col gap-1">
            {links.map((link) => (
              <Link
                key={link.to}
                to={link.to}
                onClick={() => onOpenChange(false)}
                className="flex min-h-11 items-center rounded-lg px-3 font-medium text-slate-800 hover:bg-slate-100"
              >
                {link.label}
              </Link>
            ))}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
