import { ShoppingCart } from '@/components/icons';
import { Button } from '@/components/ui';
import { useT } from '@/lib/i18n';
import type { StoreProduct } from '../product';
import { useQuickAdd } from '../quick-add';

/** Add to Cart from a list: disabled when sold out; a product with a choice to make opens its page instead. */
export function QuickAddButton({ product, className }: { product: StoreProduct; className?: string }) {
  const quickAdd = useQuickAdd();
  const t = useT();
  return (
    <Button
      className={className}
      onClick={() => quickAdd(product)}
      disabled={product.stock <= 0}
      aria-label={t('product.addToCartNamed', { name: product.name })}
    >
      <ShoppingCart aria-hidden="true" className="h-4 w-4" />
      {t('product.addToCart')}
    </Button>
  );
}
