import { Trophy } from 'lucide-react';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import type { SportsEvent } from '@/lib/dynamic-content';
import { formatDate } from './format';

/** The renderer shows at most this many games. */
export const MAX_GAMES = 5;

const STATUS_TONE: Record<string, NonNullable<BadgeProps['tone']>> = { live: 'danger', final: 'neutral' };

const statusLabel = (status: string | undefined) => {
  const text = status?.trim() || 'other';
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
};

const hasScore = (value: unknown) =>
  (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.trim() !== '');

/** The line under a game: its start time when scheduled, otherwise the event text or 'Game details unavailable'. */
export function gameFooter(game: Partial<SportsEvent>): string {
  const time = game.time?.trim();
  if (game.status === 'scheduled' && time) return formatDate(time, 'EEE, MMM d · h:mm a', time);
  return game.event?.trim() || 'Game details unavailable';
}

export interface SportsViewProps {
  events: Partial<SportsEvent>[];
}

export function SportsView({ events }: SportsViewProps) {
  const games = events.slice(0, MAX_GAMES);
  return (
    <section aria-label="Sports" className="flex size-full flex-col gap-[1.5cqw] bg-gray-950 p-[3cqw] text-white">
      <h2 className="flex items-center gap-[1cqw] text-[max(1rem,3cqw)] font-bold">
        <Trophy aria-hidden className="size-[1em] text-warning-600" />
        Live Sports
      </h2>
      {games.length === 0 ? (
        <p className="flex flex-1 items-center justify-center text-[max(0.875rem,2.5cqw)] opacity-80">
          No games right now
        </p>
      ) : (
        <ul className="grid min-h-0 flex-1 auto-rows-fr gap-[1cqw] @sm:grid-cols-2">
          {games.map((game, index) => {
            const score = game.score ?? null;
            return (
              <li
                key={`${game.event ?? ''}-${index}`}
                aria-label="Game"
                className="flex min-h-0 flex-col justify-center gap-[0.6cqw] overflow-hidden rounded-[1cqw] bg-gray-800 px-[2cqw] py-[1cqw]"
              >
                <div className="flex items-center justify-between gap-[1cqw] text-[max(0.625rem,1.4cqw)]">
                  <span className="font-semibold tracking-wide text-gray-300 uppercase">
                    {game.league?.trim() || 'Unknown League'}
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
                  <span className="truncate">{game.teams?.away?.trim() || 'Away Team'}</span>
                  {hasScore(score?.away) ? (
                    <span className="font-bold tabular-nums" aria-label="Away score">
                      {String(score?.away)}
                    </span>
                  ) : (
                    <span aria-hidden />
                  )}
                  <span className="truncate">{game.teams?.home?.trim() || 'Home Team'}</span>
                  {hasScore(score?.home) ? (
                    <span className="font-bold tabular-nums" aria-label="Home score">
                      {String(score?.home)}
                    </span>
                  ) : (
                    <span aria-hidden />
                  )}
                </div>
                <p className="text-[max(0.625rem,1.3cqw)] text-gray-400">{gameFooter(game)}</p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
