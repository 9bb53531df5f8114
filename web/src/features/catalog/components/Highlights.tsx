import type { HighlightIcon, Highlights as StoreHighlights } from '@netkart/contract';
import { Link } from 'react-router';
import {
  BatteryCharging,
  Cable,
  CircleCheck,
  CreditCard,
  HardDrive,
  Headphones,
  Headset,
  Keyboard,
  Laptop,
  type LucideIcon,
  Monitor,
  Mouse,
  Network,
  ShieldCheck,
  Smartphone,
  Truck,
  Usb,
} from '@/components/icons';
import { buttonClasses } from '@/components/ui';
import { useT } from '@/lib/i18n';

const ICONS: Record<HighlightIcon, LucideIcon> = {
  network: Network,
  usb: Usb,
  storage: HardDrive,
  cable: Cable,
  laptop: Laptop,
  charger: BatteryCharging,
  monitor: Monitor,
  keyboard: Keyboard,
  mouse: Mouse,
  headphones: Headphones,
  phone: Smartphone,
  shipping: Truck,
  warranty: ShieldCheck,
  support: Headset,
  payment: CreditCard,
};

/** The picture for a highlight's icon name; a plain check for a name it does not know, or none. */
export const highlightIcon = (name: string | undefined): LucideIcon =>
  (name && Object.hasOwn(ICONS, name) ? ICONS[name as HighlightIcon] : undefined) ?? CircleCheck;

/** The store's own teaser block: its heading and a few short items. */
export function Highlights({ highlights }: { highlights: StoreHighlights }) {
  const t = useT();
  return (
    <section aria-labelledby="highlights-heading" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <div className="rounded-3xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <h2 id="highlights-heading" className="text-2xl font-bold text-slate-900">
          {highlights.title}
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {highlights.items.map((item, index) => {
            const Icon = highlightIcon(item.icon);
            return (
              // Two items may share a title; their place in the list tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the page's life
              <li key={index} className="flex gap-3">
                <Icon aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-600" />
                <div>
                  <p className="font-semibold text-slate-900">{item.title}</p>
                  {item.text ? <p className="text-sm text-slate-600">{item.text}</p> : null}
                </div>
              </li>
            );
          })}
        </ul>
        <Link to="/products" className={buttonClasses('primary', 'md', 'mt-8')}>
          {t('home.explore')}
        </Link>
      </div>
    </section>
  );
}
