import { pictureSources } from '@store/contract';
import type { ReactElement } from 'react';

/**
 * Wraps the `<img>` of one of the shop's own pictures in a `<picture>` with its AVIF and WebP
 * copies as sources, so the browser downloads one no wider than `sizes` asks (`width` is the
 * picture's own width: no copy is wider). A picture from elsewhere is left as it is.
 */
export function PictureCopies({
  src,
  width,
  sizes,
  children,
}: {
  src: string;
  width: number;
  /** How wide the picture is shown (the `sizes` attribute). */
  sizes: string;
  children: ReactElement<'img'>;
}) {
  const sources = pictureSources({ url: src, width });
  if (!sources.length) return children;
  return (
    // `contents`: the picture element adds no box, so the image is laid out as before.
    <picture className="contents">
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {children}
    </picture>
  );
}
