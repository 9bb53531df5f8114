import { useEffect, useState } from 'react';
import { ImageOff } from '@/components/icons';
import { cn } from '@/lib/cn';
import { PictureCopies } from './PictureCopies';

interface ProductImageProps {
  /** Resets the failure state when the product changes (spec). */
  productId: string;
  src: string;
  alt: string;
  width?: number;
  height?: number;
  className?: string;
  loading?: 'lazy' | 'eager';
  /** The page's largest picture (its LCP): fetched first, never lazily. */
  priority?: boolean;
  /** How wide the picture is shown, for choosing among its smaller copies (the `sizes` attribute). */
  sizes?: string;
}

/**
 * A product picture with its size reserved; a placeholder icon when it is missing or fails. A
 * picture of the shop's own gets its AVIF and WebP copies as sources, so a phone downloads a
 * phone-sized one (`width` is the picture's own width: the copies are never wider).
 */
export function ProductImage({
  productId,
  src,
  alt,
  width = 800,
  height = 800,
  className,
  loading = 'lazy',
  priority = false,
  sizes = '100vw',
}: ProductImageProps) {
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new product gets a new chance to load its picture
  useEffect(() => setFailed(false), [productId, src]);

  if (failed || !src) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={cn('flex items-center justify-center bg-slate-100 text-slate-400', className)}
      >
        <ImageOff aria-hidden="true" className="h-12 w-12" />
      </div>
    );
  }
  const image = (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(true)}
      className={cn('object-contain', className)}
    />
  );
  return (
    <PictureCopies src={src} width={width} sizes={sizes} priority={priority}>
      {image}
    </PictureCopies>
  );
}
