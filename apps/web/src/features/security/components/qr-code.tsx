/**
 * A QR code drawn in the browser (uqr encodes; React draws one SVG path), so the authenticator
 * app's secret never leaves the page as an image request and the strict CSP needs no exception.
 * The picture has an accessible name; the same secret is always shown as text beside it for
 * people who cannot scan (secret-text.tsx).
 */
import { encode } from 'uqr';
import { useMemo } from 'react';
import styles from './security.module.css';

/** Every dark module as a 1×1 square of one path (a few hundred bytes for a 33×33 code). */
export function qrPath(value: string): { size: number; path: string } {
  const { size, data } = encode(value, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return { size, path };
}

export function QrCode({ value, label }: { value: string; label: string }) {
  const { size, path } = useMemo(() => qrPath(value), [value]);
  return (
    <svg
      className={styles.qr}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      data-testid="totp-qr"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
