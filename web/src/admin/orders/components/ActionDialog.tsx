import * as Dialog from '@radix-ui/react-dialog';
import type { FormEventHandler, ReactNode } from 'react';
import { X } from '@/components/icons';
import { Button, type ButtonVariant } from '@/components/ui';

export interface ActionProblem {
  message: string;
  /** The order changed or the move was refused: the page must be read again. */
  reload: boolean;
}

interface ActionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  submitLabel: string;
  submitVariant?: ButtonVariant;
  pending: boolean;
  problem: ActionProblem | null;
  onReload: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children?: ReactNode;
}

/** A dialog holding one action's form: Radix keeps the focus inside and returns it to the button that opened it. */
export function ActionDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  submitVariant = 'primary',
  pending,
  problem,
  onReload,
  onSubmit,
  children,
}: ActionDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            // The first field, rather than the close button, takes the focus.
            const field = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('input, textarea');
            if (field) {
              event.preventDefault();
              field.focus();
            }
          }}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl"
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close" className="-mt-2 -mr-2">
                <X aria-hidden="true" className="h-5 w-5" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
          <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
            {problem ? (
              <div role="alert" className="space-y-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                <p>{problem.message}</p>
                {problem.reload ? (
                  <Button variant="outline" size="sm" onClick={onReload}>
                    Reload
                  </Button>
                ) : null}
              </div>
            ) : null}
            {children}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="outline">Back</Button>
              </Dialog.Close>
              <Button type="submit" variant={submitVariant} disabled={pending}>
                {submitLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Where a refusal from the server goes: beside its field when the form has it, else above the form. */
export function placeProblem(
  error: { status: number | null; message: string; field?: string },
  fields: readonly string[],
  setFieldError: (field: string, message: string) => void,
): ActionProblem | null {
  const field = error.field?.replace(/^shipment\./, '');
  if (error.status === 400 && field && fields.includes(field)) {
    setFieldError(field, error.message);
    return null;
  }
  return { message: error.message, reload: error.status === 409 || error.status === 404 };
}
