import QRCode from 'qrcode';

// A promo code's link to the auto-connect form, and its QR code as a PNG data URL.
export class PromoLinks {
  private readonly qrs = new Map<string, string>();

  // PROMO_BASE_URL, else PUBLIC_URL, else this server on localhost.
  constructor(private readonly base: string) {}

  url(code: string): string {
    return `${this.base.replace(/\/+$/, '')}/auto_connect_send_out?promo_code=${encodeURIComponent(code)}`;
  }

  // The same code always gives the same picture: drawn once per process.
  async qr(code: string): Promise<string> {
    const url = this.url(code);
    let png = this.qrs.get(url);
    if (!png) {
      png = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 256 });
      if (this.qrs.size < 1000) this.qrs.set(url, png);
    }
    return png;
  }
}
