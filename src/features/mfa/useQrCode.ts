// The otpauth URL as a QR code image (a data: URL, which the CSP allows for images).
import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

export function useQrCode(text: string | null): string | null {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    if (!text) return undefined;
    QRCode.toDataURL(text, { margin: 1, width: 200 })
      .then((url) => {
        if (current) setDataUrl(url);
      })
      .catch(() => {
        if (current) setDataUrl(null);
      });
    return () => {
      current = false;
    };
  }, [text]);
  return text ? dataUrl : null;
}

/** The base32 secret of an otpauth URL, in groups of four for typing by hand. */
export function secretOf(otpUrl: string): string {
  try {
    const secret = new URL(otpUrl).searchParams.get('secret') ?? '';
    return secret.match(/.{1,4}/g)?.join(' ') ?? '';
  } catch {
    return '';
  }
}
