import { RotateCw, Wifi } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useRetryWithBackoff } from '@/hooks/use-retry-backoff';
import { KioskMessage } from './kiosk-message';

export interface ReconnectingScreenProps {
  /** Tries again now; also called on its own with backoff (1, 2, 5, 10 s, then every 30 s). */
  onRetry: () => void;
  /** True while an attempt is under way. */
  retrying?: boolean;
}

/**
 * What a wall screen shows when it has nothing to play because the server cannot be
 * reached or answers errors: a calm dark screen that says it will start by itself, and
 * keeps trying on its own. No error text: the public reads this screen.
 */
export function ReconnectingScreen({ onRetry, retrying = false }: ReconnectingScreenProps) {
  const { t } = useTranslation('player');
  useRetryWithBackoff(true, onRetry);
  return (
    <KioskMessage role="status">
      <Wifi aria-hidden className="size-12 animate-pulse text-brand-500" />
      <h1 className="text-2xl font-semibold">{t('reconnecting.title')}</h1>
      <p className="text-gray-300">{t('reconnecting.body')}</p>
      <Button variant="outline" isLoading={retrying} onClick={onRetry}>
        {!retrying && <RotateCw aria-hidden className="size-4" />}
        {t('reconnecting.retry')}
      </Button>
    </KioskMessage>
  );
}
