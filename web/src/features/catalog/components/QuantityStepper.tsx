import type { Dispatch, SetStateAction } from 'react';
import { Minus, Plus } from '@/components/icons';
import { Button } from '@/components/ui';
import { useT } from '@/lib/i18n';

interface QuantityStepperProps {
  quantity: number;
  onQuantity: Dispatch<SetStateAction<number>>;
  /** The most that may still go into the cart. */
  canAdd: number;
}

/** How many to add to the cart: one at least, and no more than the shop can still sell. */
export function QuantityStepper({ quantity, onQuantity, canAdd }: QuantityStepperProps) {
  const t = useT();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">{t('product.quantity')}</legend>
      <div className="flex items-center gap-3">
        <Button
          variant="outline"
          size="icon"
          aria-label={t('product.decrease')}
          onClick={() => onQuantity((value) => Math.max(1, value - 1))}
          disabled={quantity <= 1}
        >
          <Minus aria-hidden="true" className="h-4 w-4" />
        </Button>
        <output aria-live="polite" className="w-8 text-center text-lg font-semibold">
          {quantity}
        </output>
        <Button
          variant="outline"
          size="icon"
          aria-label={t('product.increase')}
          onClick={() => onQuantity((value) => Math.min(value + 1, canAdd))}
          disabled={quantity >= canAdd}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
    </fieldset>
  );
}
