import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { translate } from '@/i18n';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import type { SportsEvent } from '@/lib/dynamic-content';
import { DAY_AND_TIME, formatDate, TIME } from './format';

/** The renderer shows at most this many games. */
export const MAX_GAMES = 5;

const STATUS_TONE: Record<string, NonNullable<BadgeProps['tone']>> = { live: 'danger', final: 'neutral' };

const KNOWN_STATUSES = ['live', 'final', 'scheduled'] as const;
type KnownStatus = (typeof KNOWN_STATUSES)[number];
const isKnown = (status: string): status is KnownStatus => (KNOWN_STATUSES as readonly string[]).includes(status);

/** A game's status in the screens' language (one the service has no name for: as it says it). */
const statusLabel = (status: string | undefined) => {
  const text = status?.trim() || '';
  if (isKnown(text)) return translate(`slides:sports.status.${text}`);
  if (!text) return translate('slides:sports.status.other');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
};

const hasScore = (value: unknown) =>
  (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.trim() !== '');

/** The line under a game: its start time when scheduled, otherwise the event text or 'Game details unavailable'. */
export function gameFooter(game: Partial<SportsEvent>, timeZone?: string | null): string {
  const time = game.time?.trim();
  if (game.status === 'scheduled' && time) return formatDate(time, DAY_AND_TIME, time, timeZone);
  return game.event?.trim() || translate('slides:sports.detailsUnavailable');
}

export interface SportsViewProps {
  events: Partial<SportsEvent>[];
  /** The venue's time zone (IANA): start times are its clock's. */
  timeZone?: string | null;
  /** When the games shown were fetched, shown as 'Updated 10:01' (a wall showing what it kept). */
  updatedAt?: string | null;
}

export function SportsView({ events, timeZone, updatedAt }: SportsViewProps) {
  const { t } = useTranslation('slides');
  const games = events.slice(0, MAX_GAMES);
  return (
    <section aria-label={t('sports.region')} className="flex size-full flex-col gap-[1.5cqw] bg-gray-950 p-[3cqw] text-white">
      <h2 className="flex items-center gap-[1cqw] text-[max(1rem,3cqw)] font-bold">
        <Trophy aria-hidden className="size-[1em] text-warning-600" />
        {t('sports.title')}
        {updatedAt && (
          <span className="ml-auto text-[max(0.625rem,1.5cqw)] font-normal opacity-80">
            {t('sports.updated', { time: formatDate(updatedAt, TIME, '', timeZone) })}
          </span>
        )}
      </h2>
      {games.length === 0 ? (
        <p className="flex flex-1 items-center justify-center text-[max(0.875rem,2.5cqw)] opacity-80">
          {t('sports.none')}
        </p>
      ) : (
        <ul className="grid min-h-0 flex-1 auto-rows-fr gap-[1cqw] @sm:grid-cols-2">
          {games.map((game, index) => {
            const score = game.score ?? null;
            return (
              <li
                key={`${game.event ?? ''}-${index}`}
                aria-label={t('sports.game')}
                className="flex min-h-0 flex-col justify-center gap-[0.6cqw] overflow-hidden rounded-[1cqw] bg-gray-800 px-[2cqw] py-[1cqw]"
              >
                <div className="flex items-center justify-between gap-[1cqw] text-[max(0.625rem,1.4cqw)]">
                  <span className="font-semibold tracking-wide text-gray-300 uppercase">
                    {game.league?.trim() || t('sports.unknownLeague')}
                  </span>
                  <Badge
                    tone={STATUS_TONE[game.status ?? ''] ?? 'brand'}
                    data-status={game.status ?? 'other'}
                    className="px-[1cqw] py-[0.2cqw] text-[max(0.625rem,1.2cqw)]"
                  >
                    {statusLabel(game.status)}
                  </Badge>
                </div>
                <div className="grid grid-cols-[1fr_auto] items-center gap-x-[2cqw] text-[max(0.75rem,2cqw)]">
                  <span className="truncate">{game.teams?.away?.trim() || t('sports.awayTeam')}</span>
                  {hasScore(score?.away) ? (
                    <span className="font-bold tabular-nums" aria-label={t('sports.awayScore')}>
                      {String(score?.away)}
                    </span>
                  ) : (
                    <span aria-hidden />
                  )}
                  <span className="truncate">{game.teams?.home?.trim() || t('sports.homeTeam')}</span>
                  {hasScore(score?.home) ? (
                    <span className="font-bold tabular-nums" aria-label={t('sports.homeScore')}>
                      {String(score?.home)}
                    </span>
                  ) : (
                    <span aria-hidden />
                  )}
                </div>
                <p className="text-[max(0.625rem,1.3cqw)] text-gray-400">{gameFooter(game, timeZone)}</p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
