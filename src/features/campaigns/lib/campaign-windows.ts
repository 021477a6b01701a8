// A campaign's stored windows (campaign_windows rows: days smallint[], times 'HH:MM:SS') as the
// schedule rule and the form read them ('HH:MM', days sorted), in the order they start.
import type { IsoWeekday, ScheduleWindow } from '@/types/database-json';

export interface StoredWindow {
  days: number[];
  start_time: string;
  end_time: string;
}

const hhmm = (t: string) => t.slice(0, 5);

export function windowsOf(campaign: { campaign_windows: StoredWindow[] }): ScheduleWindow[] {
  return campaign.campaign_windows
    .map((w) => ({
      days: [...w.days].sort((a, b) => a - b) as IsoWeekday[],
      start: hhmm(w.start_time),
      end: hhmm(w.end_time),
    }))
    .sort((a, b) => a.start.localeCompare(b.start));
}
