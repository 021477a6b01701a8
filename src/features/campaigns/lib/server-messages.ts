// The database's own refusals (raised by save_campaign, the bulk functions and the loop
// booking check in supabase/migrations) in the language the screens speak now. A message
// this map does not know is shown as the server wrote it.
import { currentLocale, intlLocale, translate, type MessageKey } from '@/i18n';
import { formatNumber } from '@/lib/format';

/** Messages raised word for word, and their catalogue keys. */
const EXACT: Record<string, MessageKey> = {
  'Choose at least one screen, or play on all screens.': 'campaigns:form.errors.screens',
  "A network campaign needs an advertiser (or a venue, for a venue's own campaign).": 'campaigns:server.needsAdvertiser',
  'A network campaign plays on its targets or on the whole network.': 'campaigns:server.playsOnTargets',
  'Choose at least one venue, group or screen, or play on the whole network.': 'campaigns:form.errors.targets',
  'Choose at least one venue, group or screen.': 'campaigns:server.chooseTarget',
  'A campaign has at most 14 schedule windows.': 'campaigns:server.maxWindows',
  "A price is per 1,000 plays (cpm) or fixed for the campaign's period (fixed).": 'campaigns:server.priceBasis',
  "Give the price's amount.": 'campaigns:price.errors.amountRequired',
  'The price cannot be negative.': 'campaigns:price.errors.negative',
  'The price is in cents at most (two decimals).': 'campaigns:price.errors.cents',
  "A fixed price is for the campaign's period: give it a start and an end date.":
    'campaigns:price.errors.fixedNeedsPeriod',
  'Campaign not found.': 'campaigns:server.notFound',
  'Each target is one venue, one group or one screen.': 'campaigns:server.oneTarget',
  'A target names a venue, group or screen that does not exist.': 'campaigns:server.targetMissing',
  'Only admins, operators and sales can book airtime.': 'campaigns:server.bookingRole',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Sat 05 Dec 2026' (Postgres's 'Dy DD Mon YYYY') as a date in the current language; in English as the server wrote it. */
function localDay(text: string): string {
  if (currentLocale() === 'en') return text;
  const m = /^\w{3} (\d{2}) (\w{3}) (\d{4})$/.exec(text);
  const month = m ? MONTHS.indexOf(m[2]!) : -1;
  if (!m || month < 0) return text;
  return new Intl.DateTimeFormat(intlLocale(), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(Number(m[3]), month, Number(m[1]))));
}

type Pattern = [RegExp, (m: RegExpExecArray) => string];

const PATTERNS: Pattern[] = [
  [
    /^(.+) at (.+) would be overbooked on (\w{3} \d{2} \w{3} \d{4}) from (\d{2}:\d{2}): (\d+) s of its (\d+) s loop booked\.$/,
    (m) =>
      translate('campaigns:server.overbooked', {
        screen: m[1],
        venue: m[2],
        day: localDay(m[3]!),
        time: m[4],
        booked: Number(m[5]),
        loop: Number(m[6]),
      }),
  ],
  [
    /^Campaign "(.+)" has ended; it cannot be (paused|resumed)\.$/,
    (m) => translate(m[2] === 'paused' ? 'campaigns:server.endedNoPause' : 'campaigns:server.endedNoResume', { name: m[1] }),
  ],
  [
    /^Campaign "(.+)" is a venue's own campaign: only network campaigns have targets\.$/,
    (m) => translate('campaigns:server.venueCampaignTargets', { name: m[1] }),
  ],
  [/^Campaign "(.+)" cannot be deleted: (.+)$/s, (m) => translate('campaigns:server.cannotDelete', { name: m[1], reason: m[2] })],
  [/^The price is at most 9,999,999,999\.99\.$/, () =>
      translate('campaigns:price.errors.tooLarge', { max: formatNumber(9_999_999_999.99, { minimumFractionDigits: 2 }) })],
];

/** The server's message in the current language when it is one of ours; otherwise as it came. */
export function localServerMessage(text: string): string {
  const key = EXACT[text];
  if (key) return translate(key);
  for (const [pattern, render] of PATTERNS) {
    const m = pattern.exec(text);
    if (m) return render(m);
  }
  return text;
}
