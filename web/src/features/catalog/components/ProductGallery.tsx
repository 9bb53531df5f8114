import { PictureCopies } from '@/components/PictureCopies';
import { ProductImage } from '@/components/ProductImage';
import { Badge } from '@/components/ui';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';
import { isOnSale, type StoreProduct } from '../product';

interface ProductGalleryProps {
  product: StoreProduct;
  pictureIndex: number;
  onPicture(index: number): void;
}

/** The product page's pictures: the one shown, large, and a thumbnail of each to choose from. */
export function ProductGallery({ product, pictureIndex, onPicture }: ProductGalleryProps) {
  const t = useT();
  const picture = product.images[pictureIndex] ?? { url: product.image };
  return (
    <div className="space-y-4">
      <div className="relative overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200">
        <ProductImage
          productId={product.id}
          src={picture.url}
          alt={product.name}
          width={picture.width}
          height={picture.height}
          priority
          sizes="(min-width: 1024px) 50vw, 100vw"
          className="aspect-square w-full"
        />
        {isOnSale(product) ? (
          <Badge tone="red" className="absolute top-4 left-4">
            {t('product.sale')}
          </Badge>
        ) : null}
      </div>
      {product.images.length > 1 ? (
        <div className="flex gap-3">
          {product.images.map((image, index) => (
            <button
              key={image.url}
              type="button"
              onClick={() => onPicture(index)}
              aria-label={t('product.showPicture', { n: index + 1, total: product.images.length })}
              aria-pressed={index === pictureIndex}
              className={cn(
                'overflow-hidden rounded-xl ring-2',
                index === pictureIndex ? 'ring-brand-600' : 'ring-transparent',
              )}
            >
              <PictureCopies src={image.url} width={image.width ?? 800} sizes="80px">
                <img src={image.url} alt="" width={80} height={80} className="h-20 w-20 bg-white object-contain" />
              </PictureCopies>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
