import type { AdminOrder } from '@netkart/contract';
import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { statusLabel } from '@/features/orders/order-status';
import { isAdminApiError } from '../../lib/api-client';
import { type OrderAction, useOrderAction } from '../api';
import { type ActionProblem, placeProblem } from './ActionDialog';

/** What every order action's dialog is given. */
export interface DialogProps {
  order: AdminOrder;
  onClose: () => void;
  onReload: () => void;
}

/** Sends an action, closes on success with a toast, and places a refusal beside its field or above the form. */
export function useActionRunner<Values extends FieldValues>(
  order: AdminOrder,
  onClose: () => void,
  fields: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
) {
  const action = useOrderAction(order.id);
  const [problem, setProblem] = useState<ActionProblem | null>(null);
  const run = async (request: OrderAction, done: (updated: AdminOrder) => string) => {
    setProblem(null);
    try {
      const updated = await action.mutateAsync(request);
      toast.success(done(updated));
      onClose();
    } catch (error) {
      if (!isAdminApiError(error)) throw error;
      if (error.status === 401) return;
      setProblem(
        placeProblem(error, fields, (field, message) =>
          setError(field as Path<Values>, { type: 'server', message }, { shouldFocus: true }),
        ),
      );
    }
  };
  return { run, problem, pending: action.isPending };
}

export const movedTo = (updated: AdminOrder) => `Order ${updated.id} is now ${statusLabel(updated.status)}.`;
