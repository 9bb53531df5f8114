import { QRCodeSVG } from 'qrcode.react';
import { Link } from 'react-router';
import { QrCode } from '@/components/icons';
import { buttonClasses } from '@/components/ui';
import type { Qr } from './payment-actions';

export const QR_SIZE = 256;

/** A UPI QR code to scan with any UPI app; the order updates once the shop confirms the payment. */
export function QrScreen({ qr }: { qr: Qr }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12 text-center">
      <QrCode aria-hidden="true" className="mx-auto h-8 w-8 text-brand-600" />
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Scan QR Code to Complete Payment</h1>
      <div className="mx-auto mt-6 w-fit rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        {'text' in qr ? (
          <QRCodeSVG value={qr.text} size={QR_SIZE} title="Payment QR code" />
        ) : (
          <img src={qr.image} alt="Payment QR code" width={QR_SIZE} height={QR_SIZE} />
        )}
      </div>
      <p className="mt-4 text-sm text-slate-600">
        Open any UPI app, scan the code and approve the payment. Your order updates once we confirm it.
      </p>
      <Link to="/orders" className={buttonClasses('outline', 'md', 'mt-6')}>
        View My Orders
      </Link>
    </div>
  );
}
