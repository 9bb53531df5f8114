import { useState } from 'react';
import { PictureCopies } from '@/components/PictureCopies';
import { cn } from '@/lib/cn';
import { storeNameOf, useStoreInfo } from '../store-info';

const LOGO_COPY_WIDTH = 320;

/**
 * The store's logo at a fixed height in its own proportions (never squashed), beside its name as
 * text. Until the store info arrives (or when it could not be loaded) a quiet placeholder of the
 * same height stands in, so no brand but the store's own is ever shown and nothing moves when it arrives.
 */
export function StoreBrand({
  logoClassName = 'h-8 max-w-40',
  placeholderClassName,
}: {
  /** The logo's height and widest (`h-8 max-w-40` unless given). */
  logoClassName?: string;
  /** The placeholder's size and colour (see `BrandPlaceholder`). */
  placeholderClassName?: string;
}) {
  const { storeInfo, isLoading } = useStoreInfo();
  const [brokenLogo, setBrokenLogo] = useState('');
  if (!storeInfo) return <BrandPlaceholder pulse={isLoading} className={placeholderClassName} />;
  const logo = storeInfo.companyLogoUrl;
  return (
    <>
      {logo && logo !== brokenLogo ? (
        // The name beside it says who the shop is; the picture is decoration. A logo is shown at most
        // 160 px wide: its copy 320 px wide (never wider than the logo itself) is sharp on any screen.
        <PictureCopies src={logo} width={LOGO_COPY_WIDTH} sizes="160px">
          <img
            src={logo}
            alt=""
            className={cn('w-auto shrink-0 object-contain', logoClassName)}
            onError={() => setBrokenLogo(logo)}
          />
        </PictureCopies>
      ) : null}
      {/* A long name on a narrow screen wraps between its words onto a second line rather than being cut. */}
      <span data-store-name className="line-clamp-2 min-w-0 leading-tight">
        {storeNameOf(storeInfo)}
      </span>
    </>
  );
}

/**
 * Stands in for the store's name; the link around it is still named for screen readers. `className`
 * gives its size and colour, a light `h-7 w-32` bar unless given.
 */
export function BrandPlaceholder({
  pulse,
  className = 'h-7 w-32 bg-slate-200',
  label = 'Home',
}: {
  pulse: boolean;
  className?: string;
  label?: string;
}) {
  return (
    <>
      <span aria-hidden="true" className={cn('inline-block rounded-md', pulse && 'animate-pulse', className)} />
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}
