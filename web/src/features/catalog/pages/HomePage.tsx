import { ArrowRight, Cable, HardDrive, Laptop, Network, Usb } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses, Input } from '@/components/ui';
import { storeNameOf, useStoreInfo } from '@/features/store-info/store-info';
import { useFeaturedProducts } from '../api';
import { ProductCard, ProductCardSkeleton, skeletonKeys } from '../components/ProductCard';
import { FEATURED_COUNT } from '../listing';

const MAX_CATEGORY_CARDS = 3;
const DEFAULT_CATEGORIES = ['LAN Adapters', 'Laptop Accessories'];

const categoryLink = (category: string) => `/products?category=${encodeURIComponent(category.toLowerCase())}`;

export default function HomePage() {
  const { storeInfo, categories, isLoading } = useStoreInfo();
  const storeCategories = storeInfo?.categories?.length ? storeInfo.categories : DEFAULT_CATEGORIES;
  const featured = useFeaturedProducts(isLoading ? undefined : categories[0]?.toLowerCase());

  return (
    <div className="space-y-16 pb-16">
      <section className="bg-gradient-to-br from-brand-700 via-brand-600 to-sky-600 text-white">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-16 sm:px-6 md:grid-cols-2 md:py-24 lg:px-8">
          <div className="space-y-6">
            <p className="text-sm font-semibold tracking-widest text-white/80 uppercase">{storeNameOf(storeInfo)}</p>
            <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Wired for work. Built for India.</h1>
            <p className="max-w-prose text-lg text-white/90">
              {storeInfo?.description ||
                'LAN adapters, laptop accessories, USB hubs, docks and storage, with free shipping across India.'}
            </p>
            <div className="flex flex-wrap gap-3">
              <Link to="/products" className={buttonClasses('secondary', 'lg')}>
                Browse Collection
              </Link>
              <Link
                to="/products?featured=true"
                className={buttonClasses(
                  'outline',
                  'lg',
                  'border-white/60 bg-transparent text-white hover:bg-white/10',
                )}
              >
                Featured Products
              </Link>
            </div>
          </div>
          <div className="hidden items-center justify-center md:flex" aria-hidden="true">
            <div className="grid grid-cols-2 gap-4">
              {[Network, Laptop, Usb, HardDrive].map((Icon) => (
                <div
                  key={Icon.displayName ?? Icon.name}
                  className="flex h-32 w-32 items-center justify-center rounded-3xl bg-white/10 ring-1 ring-white/20"
                >
                  <Icon className="h-14 w-14" />
                </div>
              ))}
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mb-6 flex items-end justify-between gap-4">
          <h2 id="categories-heading" className="text-2xl font-bold text-slate-900">
            Shop by Category
          </h2>
          <Link
            to="/products"
            className="inline-flex min-h-11 items-center px-1 text-sm font-medium text-brand-700 hover:underline"
          >
            Explore Products
          </Link>
        </div>
        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {storeCategories.slice(0, MAX_CATEGORY_CARDS).map((category) => {
            const image = storeInfo?.categoryImages?.[category] ?? storeInfo?.categoryImages?.default;
            return (
              <Link
                key={category}
                to={categoryLink(category)}
                className="group relative block overflow-hidden rounded-2xl bg-slate-100 shadow-sm"
              >
                {image ? (
                  <img
                    src={image}
                    alt=""
                    width={1200}
                    height={800}
                    className="aspect-[3/2] w-full object-cover transition-transform group-hover:scale-105"
                  />
                ) : (
                  <div className="aspect-[3/2] w-full bg-gradient-to-br from-slate-200 to-slate-100" />
                )}
                <span className="absolute inset-x-0 bottom-0 flex items-center justify-between bg-gradient-to-t from-slate-900/80 to-transparent p-4 text-lg font-semibold text-white">
                  {category}
                  <ArrowRight aria-hidden="true" className="h-5 w-5" />
                </span>
              </Link>
            );
          })}
        </div>
      </section>

      <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mb-6 flex items-end justify-between gap-4">
          <h2 id="featured-heading" className="text-2xl font-bold text-slate-900">
            Featured Products
          </h2>
          <Link
            to="/products"
            className="inline-flex min-h-11 items-center px-1 text-sm font-medium text-brand-700 hover:underline"
          >
            View All
          </Link>
        </div>
        {featured.isPending ? (
          <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {skeletonKeys(FEATURED_COUNT).map((key) => (
              <ProductCardSkeleton key={key} />
            ))}
          </div>
        ) : featured.data && featured.data.length > 0 ? (
          <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {featured.data.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </div>
        ) : (
          <p className="rounded-2xl bg-white p-8 text-center text-slate-600">
            No featured products available at the moment.
          </p>
        )}
      </section>

      <ProductTypes />
      <Newsletter />
    </div>
  );
}

const PRODUCT_TYPES = [
  { icon: Network, title: 'LAN Adapters', text: 'Gigabit to 10GbE for laptops without a port.' },
  { icon: Usb, title: 'USB Hubs', text: 'More ports, HDMI and card readers from one cable.' },
  { icon: HardDrive, title: 'Storage', text: 'Portable SSDs, enclosures and pen drives.' },
  { icon: Cable, title: 'Cables & Chargers', text: 'GaN chargers and cables that last.' },
];

function ProductTypes() {
  return (
    <section aria-labelledby="types-heading" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <div className="rounded-3xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <h2 id="types-heading" className="text-2xl font-bold text-slate-900">
          Everything your desk needs
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PRODUCT_TYPES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <Icon aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-600" />
              <div>
                <p className="font-semibold text-slate-900">{title}</p>
                <p className="text-sm text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
        <Link to="/products" className={buttonClasses('primary', 'md', 'mt-8')}>
          Explore Products
        </Link>
      </div>
    </section>
  );
}

function Newsletter() {
  const [email, setEmail] = useState('');
  // Spec: no server call; the browser checks the address (required, type email).
  const subscribe = (event: FormEvent) => {
    event.preventDefault();
    toast.success('Subscribed!', { description: 'Thank you for subscribing to our newsletter.' });
    setEmail('');
  };
  return (
    <section aria-labelledby="newsletter-heading" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <div className="rounded-3xl bg-slate-900 p-8 text-white sm:p-12">
        <h2 id="newsletter-heading" className="text-2xl font-bold">
          Deals and new arrivals, once a week
        </h2>
        <form onSubmit={subscribe} className="mt-6 flex max-w-lg flex-col gap-3 sm:flex-row">
          <label htmlFor="newsletter-email" className="sr-only">
            Email address
          </label>
          <Input
            id="newsletter-email"
            type="email"
            required
            placeholder="you@example.in"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className="text-slate-900"
          />
          <Button type="submit" variant="secondary" className="h-11">
            Subscribe
          </Button>
        </form>
      </div>
    </section>
  );
}
