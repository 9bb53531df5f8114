import {
  type Order,
  RETURN_PHOTO_MAX_BYTES,
  RETURN_PHOTO_TYPES,
  RETURN_PHOTOS_MAX,
  type Return,
  type ReturnKind,
} from '@netkart/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { X } from '@/components/icons';
import { Badge, type BadgeTone, Button, FormField, Input, Select, Textarea } from '@/components/ui';
import { englishT, type Translate, useDates, useT } from '@/lib/i18n';
import { formatPrice } from '@/lib/money';
import { toast } from '@/lib/toast';
import { askReturn, orderReturnsKey, useOrderReturns } from '../api';

const TONES: Record<Return['status'], BadgeTone> = {
  requested: 'yellow',
  approved: 'blue',
  refused: 'red',
  'pickup-booked': 'purple',
  received: 'green',
};

/**
 * A delivered order's returns on My Orders: each asked return with its status, and, while the
 * store's window is open and something is left to send back, "Return or exchange".
 */
export function ReturnSection({ order }: { order: Order }) {
  const t = useT();
  const dates = useDates();
  const returns = useOrderReturns(order.id);
  if (!returns.data) return null;
  const { data, open, lastDay, exchanges } = returns.data;
  if (data.length === 0 && !open) return null;
  return (
    <section
      aria-label={t('returns.sectionLabel', { id: order.id })}
      className="space-y-3 border-t border-slate-100 pt-4"
    >
      {data.map((each) => (
        <ReturnLine key={each.id} value={each} />
      ))}
      {open ? (
        <div className="flex flex-wrap items-center gap-3">
          <ReturnDialog order={order} returns={data} exchanges={exchanges} />
          {lastDay ? (
            <p className="text-sm text-slate-600">
              {t('returns.openUntil', { date: dates.longDate(`${lastDay}T12:00:00+05:30`) })}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function ReturnLine({ value }: { value: Return }) {
  const t = useT();
  const dates = useDates();
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium">
          {value.kind === 'exchange'
            ? t('returns.exchangeId', { id: value.id })
            : t('returns.returnId', { id: value.id })}
        </span>
        <Badge tone={TONES[value.status]}>{value.statusLabel}</Badge>
        <span className="text-slate-600">{t('returns.asked', { date: dates.date(value.createdAt) })}</span>
      </p>
      <p>
        {value.items.map((item) => `${item.quantity} × ${item.productTitle}`).join(', ')} · {formatPrice(value.amount)}
      </p>
      {value.status === 'refused' && value.refusalReason ? (
        <p>{t('returns.notAccepted', { reason: value.refusalReason })}</p>
      ) : null}
      {value.status === 'pickup-booked' && value.awb ? (
        <p>
          {value.courier
            ? t('returns.pickupBookedWith', { courier: value.courier, awb: value.awb })
            : t('returns.pickupBooked', { awb: value.awb })}
        </p>
      ) : null}
      {value.creditNote ? <p>{t('returns.creditNote', { number: value.creditNote.number })}</p> : null}
    </div>
  );
}

/** How many of each line are already in a return that was not refused. */
function alreadyAsked(returns: Return[]): Map<string, number> {
  const asked = new Map<string, number>();
  for (const each of returns) {
    if (each.status === 'refused') continue;
    for (const item of each.items) asked.set(item.orderItemId, (asked.get(item.orderItemId) ?? 0) + item.quantity);
  }
  return asked;
}

/** A picked file as base64 (no data: prefix), read in the browser. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Why the picked photos cannot be sent, or null when they can. */
export function photosProblem(files: File[], t: Translate = englishT): string | null {
  if (files.length > RETURN_PHOTOS_MAX) return t('returns.tooMany', { max: RETURN_PHOTOS_MAX });
  for (const file of files) {
    if (!(RETURN_PHOTO_TYPES as readonly string[]).includes(file.type))
      return t('returns.notPicture', { name: file.name });
    if (file.size > RETURN_PHOTO_MAX_BYTES)
      return t('returns.tooLarge', { name: file.name, kb: RETURN_PHOTO_MAX_BYTES / 1024 });
  }
  return null;
}

export function ReturnDialog({ order, returns, exchanges }: { order: Order; returns: Return[]; exchanges: boolean }) {
  const t = useT();
  const [isOpen, setOpen] = useState(false);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [kind, setKind] = useState<ReturnKind>('return');
  const [upi, setUpi] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();
  const asked = alreadyAsked(returns);
  const cod = order.cod !== undefined;
  const lines = order.items
    .map((item) => ({ item, left: item.quantity - (asked.get(item.id) ?? 0) }))
    .filter((line) => line.left > 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const items = Object.fromEntries(Object.entries(quantities).filter(([, quantity]) => quantity > 0));
    if (Object.keys(items).length === 0) return setProblem(t('returns.chooseItem'));
    if (!reason.trim()) return setProblem(t('returns.sayWhy'));
    if (cod && kind === 'return' && !upi.trim()) return setProblem(t('returns.giveUpi'));
    const badPhotos = photosProblem(photos);
    if (badPhotos) return setProblem(badPhotos);
    setPending(true);
    setProblem(null);
    const result = await askReturn(order.id, {
      items,
      reason: reason.trim(),
      kind,
      ...(cod && kind === 'return' ? { refundTo: { upi: upi.trim() } } : {}),
      ...(photos.length > 0 ? { photos: await Promise.all(photos.map(base64Of)) } : {}),
    });
    setPending(false);
    if (!result.ok) {
      setProblem(result.error ?? t('returns.failed'));
      return;
    }
    setOpen(false);
    setQuantities({});
    setReason('');
    setPhotos([]);
    await queryClient.invalidateQueries({ queryKey: orderReturnsKey(order.id) });
    toast.success(kind === 'exchange' ? t('returns.exchangeAsked') : t('returns.returnAsked'), {
      description: t('returns.weWillEmail', { id: result.data.id }),
    });
  };

  return (
    <Dialog.Root
      open={isOpen}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setProblem(null);
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="outline">{t('returns.button')}</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl">
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              {t('returns.title', { id: order.id })}
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t('cancel.close')} className="-mt-2 -mr-2">
                <X aria-hidden="true" className="h-5 w-5" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{t('returns.intro')}</Dialog.Description>
          <form onSubmit={submit} noValidate className="mt-4 space-y-4">
            {problem ? (
              <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                {problem}
              </p>
            ) : null}
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-900">{t('returns.items')}</legend>
              {lines.map(({ item, left }) => (
                <FormField
                  key={item.id}
                  htmlFor={`return-${order.id}-${item.id}`}
                  label={[item.productTitle, item.size, item.color].filter(Boolean).join(', ')}
                >
                  <Select
                    id={`return-${order.id}-${item.id}`}
                    value={String(quantities[item.id] ?? 0)}
                    onChange={(event) => setQuantities((all) => ({ ...all, [item.id]: Number(event.target.value) }))}
                  >
                    {Array.from({ length: left + 1 }, (_, count) => `${count}`).map((count) => (
                      <option key={count} value={count}>
                        {count === '0' ? t('returns.keep') : t('returns.sendBack', { count })}
                      </option>
                    ))}
                  </Select>
                </FormField>
              ))}
            </fieldset>
            {exchanges ? (
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium text-slate-900">{t('returns.whatWouldYouLike')}</legend>
                {(
                  [
                    ['return', t('returns.moneyBack')],
                    ['exchange', t('returns.sameOther')],
                  ] as const
                ).map(([value, label]) => (
                  <label key={value} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
                    <input
                      type="radio"
                      name={`return-kind-${order.id}`}
                      value={value}
                      checked={kind === value}
                      onChange={() => setKind(value)}
                      className="h-4 w-4 accent-brand-600"
                    />
                    {label}
                  </label>
                ))}
              </fieldset>
            ) : null}
            <FormField label={t('returns.why')} htmlFor={`return-reason-${order.id}`} required>
              <Textarea
                id={`return-reason-${order.id}`}
                maxLength={500}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </FormField>
            <FormField
              label={t('returns.photos')}
              htmlFor={`return-photos-${order.id}`}
              description={t('returns.photosHelp', { max: RETURN_PHOTOS_MAX, kb: RETURN_PHOTO_MAX_BYTES / 1024 })}
            >
              <input
                id={`return-photos-${order.id}`}
                type="file"
                multiple
                accept={RETURN_PHOTO_TYPES.join(',')}
                onChange={(event) => {
                  const picked = Array.from(event.target.files ?? []);
                  setPhotos(picked);
                  setProblem(photosProblem(picked, t));
                }}
                className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-medium"
              />
            </FormField>
            {cod && kind === 'return' ? (
              <FormField
                label={t('returns.upi')}
                htmlFor={`return-upi-${order.id}`}
                description={t('returns.upiHelp')}
                required
              >
                <Input
                  id={`return-upi-${order.id}`}
                  placeholder="name@bank"
                  value={upi}
                  onChange={(event) => setUpi(event.target.value)}
                />
              </FormField>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="outline">{t('cancel.close')}</Button>
              </Dialog.Close>
              <Button type="submit" disabled={pending}>
                {pending
                  ? t('returns.sending')
                  : kind === 'exchange'
                    ? t('returns.askExchange')
                    : t('returns.askReturn')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
