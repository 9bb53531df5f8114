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
  logoClassName,
  placeholderClassName,
}: {
  logoClassName?: string;
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
            className={cn('h-8 w-auto max-w-40 shrink-0 object-contain', logoClassName)}
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

/** Stands in for the store's name; the link around it is still named for screen readers. */
export function BrandPlaceholder({
  pulse,
  className,
  label = 'Home',
}: {
  pulse: boolean;
  className?: string;
  label?: string;
}) {
  return (
    <>
      <span
        aria-hidden="true"
        className={cn('inline-block h-7 w-32 rounded-md bg-slate-200', pulse && 'animate-pulse', className)}
      />
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}
