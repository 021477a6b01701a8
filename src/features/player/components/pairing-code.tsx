import qrcode from 'qrcode-generator';
import { MonitorSmartphone } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export interface PairingCodeProps {
  code: string;
  /** Where the QR code leads: the admin's Add screen dialog with this code filled in. */
  pairUrl: string;
}

/** The code as it is read aloud and typed: two groups of three characters. */
export function groupedCode(code: string): string {
  return `${code.slice(0, 3)} ${code.slice(3)}`;
}

/**
 * A screen waiting to be paired: its code, large enough to read across a room, a QR code
 * that opens the Add screen dialog with the code filled in, and what to do.
 */
export function PairingCode({ code, pairUrl }: PairingCodeProps) {
  const { t } = useTranslation('player');
  const qr = useMemo(() => {
    const q = qrcode(0, 'M');
    q.addData(pairUrl);
    q.make();
    return q.createDataURL(8, 2);
  }, [pairUrl]);

  return (
    <main className="fixed inset-0 flex items-center justify-center bg-gray-950 p-[4vmin] text-white">
      <div className="flex max-w-[90vw] flex-col items-center gap-[3vmin] text-center md:flex-row md:gap-[6vmin] md:text-left">
        <div className="flex flex-col items-center gap-[2vmin] md:items-start">
          <p className="flex items-center gap-2 text-[2.4vmin] font-medium text-brand-400">
            <MonitorSmartphone aria-hidden className="size-[3vmin]" />
            {t('pairing.title')}
          </p>
          <p
            data-testid="pairing-code"
            aria-label={t('pairing.codeLabel', { code: code.split('').join(' ') })}
            className="font-mono text-[13vmin] leading-none font-bold tracking-[0.15em] tabular-nums"
          >
            {groupedCode(code)}
          </p>
          <ol className="list-decimal space-y-[0.8vmin] pl-[3vmin] text-left text-[2.4vmin] text-gray-300">
            <li>{t('pairing.steps.signIn')}</li>
            <li>{t('pairing.steps.enterCode')}</li>
            <li>{t('pairing.steps.pickVenue')}</li>
          </ol>
        </div>
        <img
          src={qr}
          alt={t('pairing.qr')}
          className="size-[32vmin] rounded-lg bg-white p-[1vmin] [image-rendering:pixelated]"
        />
      </div>
    </main>
  );
}
