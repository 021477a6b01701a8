// Time on screen, as the reports show it: '3 h 12 min' on the page, h:mm:ss in exports. The
// units (h, min, s) are the same in every language the product speaks; the figures are written
// in the current one ('1,234 h' in English, '1.234 h' in German).
import { formatNumber } from '@/lib/format';

/** '3 h 12 min', '12 min', '45 s', '0 s': whole minutes once past a minute. */
export function formatTimeOnScreen(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  if (s < 60) return `${s} s`;
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${formatNumber(hours)} h` : `${formatNumber(hours)} h ${minutes} min`;
}

/** '3:12:05' (hours grow past 24: '49:00:00'), for spreadsheets. */
export function formatHms(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** An axis tick: '3 h', '12 min', '45 s'. */
export function formatTimeTick(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  if (s >= 3600) return `${formatNumber(Math.round((s / 3600) * 10) / 10)} h`;
  if (s >= 60) return `${Math.round(s / 60)} min`;
  return `${Math.round(s)} s`;
}

/** '12,345' ('12.345' in German). */
export const formatCount = (n: number): string => formatNumber(n);
