import { QRCodeSVG } from 'qrcode.react';
import { Link } from 'react-router';
import { QrCode } from '@/components/icons';
import { buttonClasses } from '@/components/ui';
import { useT } from '@/lib/i18n';
import { formatPrice } from '@/lib/money';
import { upiDetailsOf } from '../upi-details';
import type { Qr } from './payment-actions';
import { UtrForm } from './UtrForm';

export const QR_SIZE = 256;

/**
 * A UPI QR code to scan with any UPI app, with what it pays written beside it (amount, payee, UPI
 * id); on a phone, a button that opens the UPI app. The shopper then writes the UTR for the shop.
 */
export function QrScreen({ qr, orderId }: { qr: Qr; orderId: string }) {
  const t = useT();
  const upi = 'text' in qr ? upiDetailsOf(qr.text) : null;
  return (
    <div className="mx-auto max-w-md px-4 py-12 text-center">
      <QrCode aria-hidden="true" className="mx-auto h-8 w-8 text-brand-600" />
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{t('payment.scanQr')}</h1>
      {'text' in qr && qr.intent ? (
        <a href={qr.text} className={buttonClasses('primary', 'lg', 'mt-6 w-full')}>
          {t('payment.payWithUpi')}
        </a>
      ) : null}
      <div className="mx-auto mt-6 w-fit rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        {'text' in qr ? (
          <QRCodeSVG value={qr.text} size={QR_SIZE} title={t('payment.qr')} />
        ) : (
          <img src={qr.image} alt={t('payment.qr')} width={QR_SIZE} height={QR_SIZE} />
        )}
      </div>
      {upi ? (
        <dl className="mx-auto mt-4 grid w-fit grid-cols-[auto_auto] gap-x-4 gap-y-1 text-left text-sm">
          {upi.amount !== undefined ? (
            <>
              <dt className="text-slate-600">{t('payment.amount')}</dt>
              <dd className="font-semibold tabular-nums text-slate-900">{formatPrice(upi.amount)}</dd>
            </>
          ) : null}
          {upi.payeeName ? (
            <>
              <dt className="text-slate-600">{t('payment.payee')}</dt>
              <dd className="font-medium text-slate-900">{upi.payeeName}</dd>
            </>
          ) : null}
          {upi.upiId ? (
            <>
              <dt className="text-slate-600">{t('payment.upiId')}</dt>
              <dd className="font-mono text-slate-900">{upi.upiId}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <p className="mt-4 text-sm text-slate-600">{t('payment.qrHelp')}</p>
      <UtrForm orderId={orderId} />
      <Link to="/orders" className={buttonClasses('outline', 'md', 'mt-6')}>
        {t('success.myOrders')}
      </Link>
    </div>
  );
}
