import { Download } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { saveBlob, saveUrl } from '../../../lib/download.ts';

const QR_OPTIONS = { margin: 2, width: 240, errorCorrectionLevel: 'M' as const };

/** A real QR code of the share URL, downloadable as PNG and SVG. */
export function QrCodeCard({ formId, url }: { formId: number; url: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!canvas.current) return;
    QRCode.toCanvas(canvas.current, url, QR_OPTIONS).catch(() => setFailed(true));
  }, [url]);

  function downloadPng() {
    if (canvas.current) saveUrl(canvas.current.toDataURL('image/png'), `form-${formId}-qr.png`);
  }

  async function downloadSvg() {
    const svg = await QRCode.toString(url, { ...QR_OPTIONS, type: 'svg' });
    saveBlob(new Blob([svg], { type: 'image/svg+xml' }), `form-${formId}-qr.svg`);
  }

  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold">QR code</h2>
      </CardHeader>
      <CardBody className="flex flex-col items-center gap-4">
        {failed ? (
          <p className="text-sm text-red-700 dark:text-red-400">The QR code could not be drawn.</p>
        ) : (
          <canvas
            ref={canvas}
            role="img"
            aria-label={`QR code linking to ${url}`}
            className="h-60 w-60 rounded-lg bg-white"
          />
        )}
        <p className="text-center text-sm text-slate-600 dark:text-slate-300">
          Print it or add it to slides: scanning it opens the form.
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={downloadPng}>
            <Download aria-hidden="true" className="h-4 w-4" />
            Download PNG
          </Button>
          <Button variant="secondary" onClick={downloadSvg}>
            <Download aria-hidden="true" className="h-4 w-4" />
            Download SVG
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
