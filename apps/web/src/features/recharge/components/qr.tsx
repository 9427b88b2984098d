import { QRCodeSVG } from 'qrcode.react';

/** Text as a QR code, sized for a phone; the text itself is always shown beside it too. */
export function Qr({ value, label }: { value: string; label: string }) {
  return (
    <div className="qr">
      <QRCodeSVG value={value} size={184} marginSize={2} role="img" aria-label={label} title={label} />
    </div>
  );
}
