import { pictureSources } from '@netkart/contract';
import type { ReactElement } from 'react';
import { preload } from 'react-dom';

/**
 * Wraps the `<img>` of one of the shop's own pictures in a `<picture>` with its AVIF and WebP
 * copies as sources, so the browser downloads one no wider than `sizes` asks (`width` is the
 * picture's own width: no copy is wider). A picture from elsewhere is left as it is.
 */
export function PictureCopies({
  src,
  width,
  sizes,
  priority = false,
  children,
}: {
  src: string;
  width: number;
  /** How wide the picture is shown (the `sizes` attribute). */
  sizes: string;
  /** The page's largest picture: its best copy is named in the page's head, to be fetched first. */
  priority?: boolean;
  children: ReactElement<'img'>;
}) {
  const sources = pictureSources({ url: src, width });
  if (!sources.length) return children;
  // React names a priority <img> in the head itself, but not one inside a <picture>, whose copy the
  // browser picks: the best format's copies are named instead (a browser without it skips the hint).
  const best = sources[0];
  if (priority && best)
    preload(src, { as: 'image', imageSrcSet: best.srcSet, imageSizes: sizes, type: best.type, fetchPriority: 'high' });
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
