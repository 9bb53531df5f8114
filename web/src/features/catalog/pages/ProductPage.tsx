import { productPath, shareCardUrl } from '@netkart/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DeliveryCheck } from '@/components/delivery/DeliveryCheck';
import { ArrowLeft, Heart, PackageSearch, ShoppingCart } from '@/components/icons';
import { Button, buttonClasses, Skeleton } from '@/components/ui';
import { useCart } from '@/features/cart/cart-context';
import { lineCapText, unitsOf } from '@/features/cart/cart-rules';
import { usePageMeta } from '@/features/store-info/page-meta';
import { storeNameOf, useStoreInfo } from '@/features/store-info/store-info';
import { isNotFound } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';
import { formatPrice } from '@/lib/money';
import { useSiteOrigin } from '@/lib/site-origin';
import { toast } from '@/lib/toast';
import { useProduct } from '../api';
import { NotifyMe } from '../components/NotifyMe';
import { OptionGroup } from '../components/OptionGroup';
import { PriceTag } from '../components/PriceTag';
import { ProductGallery } from '../components/ProductGallery';
import { ProductParticulars, TaxesIncluded } from '../components/ProductParticulars';
import { ProductReviews } from '../components/ProductReviews';
import { QuantityStepper } from '../components/QuantityStepper';
import { RatingStars } from '../components/RatingStars';
import { ShippingToPin } from '../components/ShippingToPin';
import { SpecificationsTable } from '../components/SpecificationsTable';
import { onlyOption, pictureFor, type StoreProduct } from '../product';
import { reviewsQuery } from '../reviews';
import { productStructuredData, summaryOf } from '../structured-data';
import { asVariant, canChoose, chosenVariant, firstChoice, type VariantChoice, variantLabel } from '../variant-choice';
import { toggleWishlist, useWishlist } from '../wishlist';

/** The value of a variant's option whose name matches, if it has one. */
const optionValue = (options: Record<string, string>, name: RegExp): string | undefined =>
  Object.entries(options).find(([option]) => name.test(option))?.[1];
/** A variant's colour (its option named Colour or Color) and size. */
const colourOf = (options: Record<string, string>) => optionValue(options, /^colou?r$/i);
const sizeOf = (options: Record<string, string>) => optionValue(options, /^size$/i);

export default function ProductPage() {
  const t = useT();
  const { id } = useParams();
  const product = useProduct(id);
  const missing = !id || (product.isError && isNotFound(product.error));
  const { storeInfo } = useStoreInfo();
  const origin = useSiteOrigin();
  const found = missing ? undefined : product.data;
  // The newest approved reviews, for the page's structured data (the list below reads the same answer).
  const reviews = useQuery(reviewsQuery(found?.id));
  usePageMeta(
    missing ? t('product.notFound') : found?.name,
    found
      ? {
          description: summaryOf(found.description),
          canonicalPath: productPath(found),
          image: shareCardUrl(found.images[0]?.url ?? found.image),
          type: 'product',
          structuredData: productStructuredData(
            found,
            origin,
            storeInfo ? storeNameOf(storeInfo) : '',
            reviews.data?.data ?? [],
          ),
        }
      : {},
  );

  useEffect(() => {
    if (product.isError && isNotFound(product.error)) toast.error(t('product.notFound'));
    else if (product.isError) toast.error(t('product.loadFailed'));
  }, [product.isError, product.error, t]);

  if (product.isPending && id) return <ProductSkeleton />;
  if (missing) return <ProductNotFound />;
  if (product.isError || !product.data) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <p className="text-slate-700">{t('product.loadFailed')}</p>
        <Button className="mt-4" onClick={() => product.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  }
  return <ProductDetails key={product.data.id} product={product.data} />;
}

function ProductDetails({ product: whole }: { product: StoreProduct }) {
  const t = useT();
  const navigate = useNavigate();
  const { items, addItem } = useCart();
  const wishlist = useWishlist();
  const [pictureIndex, setPictureIndex] = useState(0);
  // Spec: a single 'One Size' is chosen up front; so is any single option, as the product card does.
  const [size, setSize] = useState(onlyOption(whole.sizes) ?? '');
  const [color, setColor] = useState(onlyOption(whole.colors) ?? '');
  // A product with options: its first variant in stock is chosen up front; the price, M.R.P., stock and
  // pictures shown are the chosen variant's.
  const hasVariants = whole.options.length > 0 && whole.variants.length > 0;
  const [choice, setChoice] = useState<VariantChoice>(() => firstChoice(whole));
  const variant = hasVariants ? chosenVariant(whole, choice) : undefined;
  const product = asVariant(whole, variant);
  const [quantity, setQuantity] = useState(1);
  const inWishlist = wishlist.includes(product.id);
  const inCart = variant
    ? items.reduce((sum, line) => (line.variantSku === variant.sku ? sum + line.quantity : sum), 0)
    : unitsOf(items, product.id);
  // The stepper stops at what the shop holds (and the store's cap on one product per order), less
  // what the cart already has of it.
  const cap = useStoreInfo().storeInfo?.maxLineQuantity ?? Number.POSITIVE_INFINITY;
  const canAdd = Math.max(0, Math.min(product.stock, cap) - inCart);
  const atCap = cap < product.stock && inCart + quantity >= cap;

  /** Where the picture of a colour (pictureFor) is among the product's pictures. */
  const pictureIndexOf = (colour: string) =>
    product.images.findIndex((image) => image.url === pictureFor(product, colour));

  const chooseValue = (name: string, value: string) => {
    const next = { ...choice, [name]: value };
    // A value that does not go with the other choices takes the first variant in stock that has it.
    const fitting = whole.variants.filter((each) =>
      Object.entries(next).every(([option, chosen]) => each.options[option] === chosen),
    );
    let chosen = next;
    if (fitting.length === 0) {
      const other =
        whole.variants.find((each) => each.options[name] === value && each.stock > 0) ??
        whole.variants.find((each) => each.options[name] === value);
      if (other) chosen = { ...other.options };
    }
    setChoice(chosen);
    // The chosen colour's own picture, as for a product sold without variants.
    const colour = colourOf(chosen);
    setPictureIndex(Math.max(colour ? pictureIndexOf(colour) : -1, 0));
  };

  const chooseColor = (value: string) => {
    setColor(value);
    const index = pictureIndexOf(value);
    if (index >= 0) setPictureIndex(index);
  };

  const addToCart = () => {
    if (canAdd < 1) return;
    if (hasVariants) {
      if (!variant) {
        toast.error(t('product.chooseOption'), { description: whole.options.map((option) => option.name).join(', ') });
        return;
      }
      const colour = colourOf(variant.options);
      const chosenSize = sizeOf(variant.options);
      addItem({
        id: product.id,
        name: product.name,
        image: pictureFor(product, colour),
        price: product.price,
        quantity: Math.min(quantity, canAdd),
        variantSku: variant.sku,
        variantLabel: variantLabel(variant),
        ...(chosenSize ? { selectedSize: chosenSize } : {}),
        ...(colour ? { selectedColor: colour } : {}),
      });
      navigate('/cart');
      return;
    }
    if (product.sizes.length > 0 && !size) {
      toast.error(t('product.selectSize'), { description: t('product.selectSizeFirst') });
      return;
    }
    addItem({
      id: product.id,
      name: product.name,
      image: pictureFor(product, color || undefined),
      price: product.price,
      quantity: Math.min(quantity, canAdd),
      selectedSize: size || undefined,
      selectedColor: color || undefined,
    });
    navigate('/cart');
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Button variant="ghost" onClick={() => navigate(-1)} className="mb-6 -ml-2">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t('product.back')}
      </Button>
      <div className="grid gap-10 lg:grid-cols-2">
        <ProductGallery product={product} pictureIndex={pictureIndex} onPicture={setPictureIndex} />

        <div className="space-y-6">
          <div className="space-y-2">
            <p className="text-sm font-medium text-brand-700">{product.category}</p>
            <h1 className="text-3xl font-bold text-slate-900">{product.name}</h1>
            {product.rating ? (
              <a href="#reviews-heading" className="inline-block">
                <RatingStars average={product.rating.average} count={product.rating.count} />
              </a>
            ) : null}
            <p className="text-sm text-slate-500">
              {product.sku
                ? t('product.sku', { sku: product.sku })
                : t('product.productId', { id: product.id.slice(0, 8) })}
            </p>
          </div>
          <div className="space-y-1">
            <PriceTag product={product} size="lg" />
            <TaxesIncluded />
          </div>
          {product.stock > 0 && canAdd === 0 ? (
            <p className="text-sm font-medium text-amber-800">{t('product.allInCart', { count: product.stock })}</p>
          ) : null}
          <p className="leading-relaxed text-slate-700">{product.description}</p>

          {(hasVariants ? whole.options : []).map((option) => (
            <OptionGroup
              key={option.name}
              label={option.name}
              options={option.values}
              value={choice[option.name] ?? ''}
              onChange={(value) => chooseValue(option.name, value)}
              isDisabled={(value) => !canChoose(whole, choice, option.name, value)}
            />
          ))}
          {variant ? <p className="text-sm text-slate-500">{t('product.variantSku', { sku: variant.sku })}</p> : null}
          {!hasVariants && product.sizes.length > 0 ? (
            <OptionGroup label={t('product.size')} options={product.sizes} value={size} onChange={setSize} />
          ) : null}
          {!hasVariants && product.colors.length > 0 ? (
            <OptionGroup label={t('product.color')} options={product.colors} value={color} onChange={chooseColor} />
          ) : null}

          <QuantityStepper quantity={quantity} onQuantity={setQuantity} canAdd={canAdd} />
          {atCap ? <p className="text-sm font-medium text-amber-800">{lineCapText(cap, t)}</p> : null}

          <div className="flex flex-col gap-3 sm:flex-row">
            {/* On a phone the price and Add to Cart stay in reach, just above the bottom navigation. */}
            <div
              data-buy-bar
              className="fixed inset-x-0 bottom-(--bottom-bar-height) z-30 flex items-center gap-4 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgb(15_23_42/0.08)] sm:static sm:z-auto sm:flex-1 sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none"
            >
              <p className="text-xl font-bold text-slate-900 sm:hidden">
                <span className="sr-only">{t('product.priceSr')}</span>
                {formatPrice(product.price)}
              </p>
              <Button size="lg" className="flex-1" onClick={addToCart} disabled={canAdd < 1}>
                <ShoppingCart aria-hidden="true" className="h-5 w-5" />
                {t('product.addToCart')}
              </Button>
            </div>
            <Button
              size="lg"
              variant="outline"
              aria-pressed={inWishlist}
              onClick={() => {
                const added = toggleWishlist(product.id);
                toast(added ? t('product.addedToWishlist') : t('product.removedFromWishlist'), {
                  description: product.name,
                  action: { label: t('product.viewWishlist'), onClick: () => navigate('/wishlist') },
                });
              }}
            >
              <Heart aria-hidden="true" className={cn('h-5 w-5', inWishlist && 'fill-red-500 text-red-500')} />
              {t('product.addToWishlist')}
            </Button>
          </div>
          {/* Sold out: not a dead end, the shopper can ask for one email when it is back. */}
          {product.stock === 0 ? (
            // A sold-out variant is waited for by its SKU; choosing another starts the form afresh.
            <NotifyMe key={variant?.sku ?? product.id} productId={whole.id} variantSku={variant?.sku} />
          ) : null}

          <DeliveryCheck forPin={(pin) => <ShippingToPin productId={whole.id} pin={pin} variantSku={variant?.sku} />} />
          <SpecificationsTable product={product} />
          <ProductParticulars product={product} />
        </div>
      </div>
      <ProductReviews productId={product.id} />
    </div>
  );
}

function ProductNotFound() {
  const t = useT();
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <PackageSearch aria-hidden="true" className="mx-auto h-12 w-12 text-slate-400" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('product.notFound')}</h1>
      <p className="mt-2 text-slate-600">{t('product.notFoundText')}</p>
      <Link to="/products" className={buttonClasses('primary', 'md', 'mt-6')}>
        {t('product.browse')}
      </Link>
    </div>
  );
}

function ProductSkeleton() {
  const t = useT();
  return (
    <div
      className="mx-auto grid max-w-7xl gap-10 px-4 py-8 sm:px-6 lg:grid-cols-2 lg:px-8"
      role="status"
      aria-busy="true"
      aria-label={t('product.loading')}
    >
      <Skeleton className="aspect-square w-full rounded-3xl" />
      <div className="space-y-4">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-9 w-3/4" />
        <Skeleton className="h-8 w-32" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    </div>
  );
}
