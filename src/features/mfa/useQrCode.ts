// The otpauth URL as a QR code image (a data: URL, which the CSP allows for images). The QR
// encoder is downloaded when a setup shows its code, not with the sign-in page.
import { useEffect, useState } from 'react';

export function useQrCode(text: string | null): string | null {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    if (!text) return undefined;
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(text, { margin: 1, width: 200 }))
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
