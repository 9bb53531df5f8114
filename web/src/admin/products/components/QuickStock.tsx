import type { AdminProductSummary } from '@netkart/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button, Input } from '@/components/ui';
import { useMay } from '../../auth/session';
import { isAdminApiError } from '../../lib/api-client';
import { useSetStock } from '../api';

/**
 * The table's stock edit: a number and Save. It names the stock it was typed over, so a sale
 * meanwhile is never overwritten; the server's refusal shows beside it.
 */
export function QuickStock({ product }: { product: AdminProductSummary }) {
  // A role that may not change stock reads it.
  return useMay('catalogue.change') ? (
    <StockForm product={product} />
  ) : (
    <span className="tabular-nums">{product.stock} in stock</span>
  );
}

function StockForm({ product }: { product: AdminProductSummary }) {
  const setStock = useSetStock(product.id);
  const [typed, setTyped] = useState(String(product.stock));
  const [seen, setSeen] = useState(product.stock);
  const [problem, setProblem] = useState<string | null>(null);
  // A new reading of the list (an order, another tab) starts the field again unless it was being edited.
  if (seen !== product.stock && !setStock.isPending) {
    if (typed === String(seen)) setTyped(String(product.stock));
    setSeen(product.stock);
  }
  const inputId = `stock-${product.id}`;
  const problemId = `${inputId}-problem`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const stock = Number(typed);
    if (typed.trim() === '' || !Number.isInteger(stock) || stock < 0) {
      setProblem('Stock is a whole number, 0 or more.');
      return;
    }
    try {
      const saved = await setStock.mutateAsync({ stock, stockSeen: seen });
      setSeen(saved.stock);
      setTyped(String(saved.stock));
      toast.success(`Stock of ${saved.title} is now ${saved.stock}.`);
    } catch (error) {
      if (!isAdminApiError(error)) throw error;
      if (error.status !== 401) setProblem(error.message);
    }
  };

  return (
    <form onSubmit={save} noValidate className="space-y-1">
      <div className="flex items-center gap-1.5">
        <Input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          aria-label={`Stock of ${product.title}`}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          className="h-9 w-20 tabular-nums"
        />
        <Button
          type="submit"
          variant="outline"
          size="sm"
          disabled={setStock.isPending || typed === String(product.stock)}
          aria-label={`Save stock of ${product.title}`}
        >
          Save
        </Button>
      </div>
      {problem ? (
        <p id={problemId} role="alert" className="max-w-64 text-xs text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
