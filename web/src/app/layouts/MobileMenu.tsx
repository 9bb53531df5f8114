import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { X } from '@/components/icons';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { buttonClasses } from '@/components/ui';
import { useT } from '@/lib/i18n';

interface MenuLink {
  to: string;
  label: string;
}

export interface MobileMenuProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  /** Every one of the store's categories: the phone has no other way to them but search. */
  categories: MenuLink[];
  links: MenuLink[];
  /** The button that opened the menu: it has the focus back when the menu closes. */
  opener: RefObject<HTMLButtonElement | null>;
}

/** The phone's menu, a dialog from the left. Its own chunk: a first visit does not need the dialog's code. */
export default function MobileMenu({ open, onOpenChange, title, categories, links, opener }: MobileMenuProps) {
  const t = useT();
  const item = (link: MenuLink) => (
    <li key={link.to}>
      <Link
        to={link.to}
        onClick={() => onOpenChange(false)}
        className="flex min-h-11 items-center rounded-lg px-3 font-medium text-slate-800 hover:bg-slate-100"
      >
        {link.label}
      </Link>
    </li>
  );
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 w-72 overflow-y-auto bg-white p-6 shadow-xl focus:outline-none"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
            <Dialog.Close className={buttonClasses('ghost', 'icon')} aria-label={t('menu.close')}>
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t('menu.description')}</Dialog.Description>
          <nav aria-label={t('menu.mobileNav')} className="mt-4 space-y-4">
            <div>
              <h3 className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                {t('menu.categories')}
              </h3>
              <ul className="flex flex-col gap-0.5">{categories.map(item)}</ul>
            </div>
            <ul className="flex flex-col gap-0.5 border-t border-slate-200 pt-4">{links.map(item)}</ul>
          </nav>
          <LanguageSwitch className="mt-4 flex border-t border-slate-200 px-1 pt-2 text-slate-700" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
