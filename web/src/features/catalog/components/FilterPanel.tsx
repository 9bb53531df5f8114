import type { ProductFacets } from '@netkart/contract';
import { useId } from 'react';
import { Button } from '@/components/ui';
import { useT } from '@/lib/i18n';
import type { ListingParams } from '../listing';
import {
  hasFilters,
  isAttributeChosen,
  isPriceBandChosen,
  priceBandLabel,
  withAttributeToggled,
  withoutFilters,
  withParams,
  withPriceBand,
} from '../listing-links';
import { FacetGroup, FacetOption } from './FacetOption';

/** A change of the listing's address: from the current query to the next. */
export type SearchChange = (search: URLSearchParams) => URLSearchParams;

interface FilterPanelProps {
  params: ListingParams;
  facets: ProductFacets;
  onChange(change: SearchChange): void;
  /** Its own 'Filters' heading; a sheet that has the title already shows none. */
  heading?: boolean;
}

/** '2.5 Gbps': a value with its own unit, else the specification's. */
const valueLabel = (value: string, unit: string | null | undefined) => (unit ? `${value} ${unit}` : value);

/** The listing's filters, each choice with how many products it leaves: type, options, specifications, price, origin, stock. */
export function FilterPanel({ params, facets, onChange, heading = true }: FilterPanelProps) {
  const groupName = useId();
  const t = useT();
  const chosenType = params.parentCategory?.trim();
  const types = facets.types;
  const bands = facets.prices.filter((band) => band.count > 0 || isPriceBandChosen(params, band));
  const anyPrice = params.minPrice === undefined && params.maxPrice === undefined;
  const chosenOrigin = params.countryOfOrigin?.trim();
  const origins = facets.origins ?? [];

  return (
    <div className="space-y-4">
      {heading || hasFilters(params) ? (
        <div className="flex min-h-11 items-center justify-between gap-2">
          {heading ? <h2 className="text-base font-semibold text-slate-900">{t('listing.filters')}</h2> : null}
          {hasFilters(params) ? (
            <Button variant="ghost" size="sm" className="ml-auto max-md:h-11" onClick={() => onChange(withoutFilters)}>
              {t('filters.clear')}
            </Button>
          ) : null}
        </div>
      ) : null}

      {types.length > 0 || chosenType ? (
        <FacetGroup legend={t('filters.type')}>
          <FacetOption
            type="radio"
            name={`${groupName}-type`}
            checked={!chosenType}
            onChange={() => onChange((search) => withParams(search, { parentCategory: undefined }))}
            label={t('filters.allTypes')}
          />
          {types.map((type) => (
            <FacetOption
              key={type.value}
              type="radio"
              name={`${groupName}-type`}
              checked={chosenType?.toLowerCase() === type.value.toLowerCase()}
              onChange={() => onChange((search) => withParams(search, { parentCategory: type.value }))}
              label={type.value}
              count={type.count}
            />
          ))}
          {chosenType ? (
            <Button
              variant="ghost"
              size="sm"
              className="max-md:h-11"
              aria-label={t('filters.clearType')}
              onClick={() => onChange((search) => withParams(search, { parentCategory: undefined }))}
            >
              {t('filters.clearOne')}
            </Button>
          ) : null}
        </FacetGroup>
      ) : null}

      {(facets.options ?? []).map((option) => (
        <FacetGroup key={`option:${option.name}`} legend={option.name}>
          {option.values.map((value) => (
            <FacetOption
              key={value.value}
              type="checkbox"
              checked={isAttributeChosen(params, option.name, value.value, true)}
              onChange={() => onChange((search) => withAttributeToggled(search, option.name, value.value, true))}
              label={value.value}
              count={value.count}
            />
          ))}
        </FacetGroup>
      ))}

      {facets.attributes.map((attribute) => (
        <FacetGroup key={attribute.key} legend={attribute.key}>
          {attribute.values.map((value) => (
            <FacetOption
              key={value.value}
              type="checkbox"
              checked={isAttributeChosen(params, attribute.key, value.value)}
              onChange={() => onChange((search) => withAttributeToggled(search, attribute.key, value.value))}
              label={valueLabel(value.value, value.unit ?? attribute.unit)}
              count={value.count}
            />
          ))}
        </FacetGroup>
      ))}

      {bands.length > 0 ? (
        <FacetGroup legend={t('filters.price')}>
          <FacetOption
            type="radio"
            name={`${groupName}-price`}
            checked={anyPrice}
            onChange={() => onChange((search) => withPriceBand(search, null))}
            label={t('filters.anyPrice')}
          />
          {bands.map((band) => (
            <FacetOption
              key={band.min}
              type="radio"
              name={`${groupName}-price`}
              checked={isPriceBandChosen(params, band)}
              onChange={() => onChange((search) => withPriceBand(search, band))}
              label={priceBandLabel(band, t)}
              count={band.count}
            />
          ))}
        </FacetGroup>
      ) : null}

      {origins.length > 0 || chosenOrigin ? (
        <FacetGroup legend={t('sort.origin')}>
          <FacetOption
            type="radio"
            name={`${groupName}-origin`}
            checked={!chosenOrigin}
            onChange={() => onChange((search) => withParams(search, { countryOfOrigin: undefined }))}
            label={t('filters.anyCountry')}
          />
          {origins.map((origin) => (
            <FacetOption
              key={origin.value}
              type="radio"
              name={`${groupName}-origin`}
              checked={chosenOrigin?.toLowerCase() === origin.value.toLowerCase()}
              onChange={() => onChange((search) => withParams(search, { countryOfOrigin: origin.value }))}
              label={origin.value}
              count={origin.count}
            />
          ))}
        </FacetGroup>
      ) : null}

      <FacetGroup legend={t('filters.availability')}>
        <FacetOption
          type="checkbox"
          checked={!!params.inStock}
          onChange={() => onChange((search) => withParams(search, { inStock: params.inStock ? undefined : 'true' }))}
          label={t('filters.inStockOnly')}
          count={facets.inStock}
          disabled={facets.inStock === 0 && !params.inStock}
        />
      </FacetGroup>
    </div>
  );
}
