import type { ProductRecord } from '@netkart/contract';
import type { useForm } from 'react-hook-form';
import type { ProductFormValues } from '../product-form';

/** The product form as its sections receive it. */
export type ProductFormApi = ReturnType<typeof useForm<ProductFormValues, unknown, ProductRecord>>;

export /** The first message anywhere in a field's errors (an attribute's values may fail one by one). */
function messageIn(node: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const { message } = node as { message?: unknown };
  if (typeof message === 'string') return message;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref') continue;
    const found = messageIn(child);
    if (found) return found;
  }
  return undefined;
}
