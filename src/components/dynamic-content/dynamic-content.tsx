// The dynamic content renderer: weather, news or sports for a slide's settings, sized
// to whatever box holds it (the builder's small preview or the player's full screen). On a
// wall it shows only true data (wall-data.ts); previews show samples, labelled as samples.
import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { clearProblem, reportProblem } from '@/lib/diagnostics';
import {
  dynamicContentQueryOptions,
  isDynamicContentType,
  type DynamicContentDataMap,
  type DynamicContentSettings,
  type DynamicContentType,
  type NewsArticle,
  type SportsEvent,
  type WeatherData,
} from '@/lib/dynamic-content';
import { cn } from '@/utils/cn';
import { NewsView } from './news-view';
import { localSampleData } from './sample-data';
import { SportsView } from './sports-view';
import {
  dynamicRequestKey,
  keepLiveData,
  keptLiveData,
  markAvailable,
  markUnavailable,
  wallContent,
} from './wall-data';
import { WeatherView } from './weather-view';

export interface DynamicContentProps {
  /** The slide type; anything but weather, news or sports says 'Unknown content type'. */
  type: string;
  settings?: DynamicContentSettings | null;
  /** Stops the news rotation while the surrounding slideshow is paused. */
  paused?: boolean;
  /**
   * False on a public screen (a wall): no error text, no notice, and never sample data: the
   * live data, else the last live data kept on the device (less than a day old) with its own
   * time, else nothing (the slide is reported unavailable and the player skips it).
   * Operators' previews show samples with a 'Sample data' badge and the notices (default true).
   */
  diagnostics?: boolean;
  /** The venue's time zone (IANA): dates and times are its clock's (the device's when missing). */
  timeZone?: string | null;
  className?: string;
}

/**
 * Fetches and shows one type of dynamic content, refreshing at settings.refresh_interval.
 *
 * - Loading: a spinner.
 * - The call failed and nothing was fetched before: a red warning with the error and
 *   'Using fallback data', over a minimal local sample (localSampleData), badged 'Sample data'.
 * - The function answered with its built-in sample data (fallback: true): the data, badged
 *   'Sample data', with a small 'Showing sample data' notice and the function's error text.
 * Without `diagnostics` (a wall) see wallContent: no sample, no warning, no notice.
 */
export function DynamicContent({
  type,
  settings,
  paused,
  diagnostics = true,
  timeZone,
  className,
}: DynamicContentProps) {
  const { t } = useTranslation('slides');
  return (
    <div
      className={cn(
        '@container relative flex size-full min-h-0 flex-col overflow-hidden [&>section]:min-h-0 [&>section]:flex-1',
        className,
      )}
    >
      {!isDynamicContentType(type) ? (
        diagnostics ? (
          <Alert tone="danger" className="m-[2cqw]">
            {t('dynamic.unknownType')}
          </Alert>
        ) : null
      ) : diagnostics ? (
        <PreviewBody type={type} settings={settings ?? null} paused={paused} timeZone={timeZone} />
      ) : (
        <WallBody type={type} settings={settings ?? null} paused={paused} timeZone={timeZone} />
      )}
    </div>
  );
}

interface BodyProps {
  type: DynamicContentType;
  settings: DynamicContentSettings | null;
  paused?: boolean;
  timeZone?: string | null;
}

function Loading() {
  const { t } = useTranslation('slides');
  return (
    <div className="flex flex-1 items-center justify-center bg-gray-100 text-brand-600">
      <Spinner size="lg" label={t('dynamic.loading')} />
    </div>
  );
}

/** An operator's preview: the answer, or a sample standing in, labelled. */
function PreviewBody({ type, settings, paused, timeZone }: BodyProps) {
  const { t } = useTranslation('slides');
  const query = useQuery(dynamicContentQueryOptions(type, settings));

  if (query.isPending) return <Loading />;

  if (!query.data) {
    return (
      <>
        <ContentView
          type={type}
          data={localSampleData(type, settings)}
          settings={settings}
          paused={paused}
          updatedAt={null}
          timeZone={timeZone}
        />
        <SampleBadge />
        <Notice role="alert" tone="danger">
          {t('dynamic.usingFallback', { error: query.error?.message || t('dynamic.errorOccurred') })}
        </Notice>
      </>
    );
  }

  const { data, fallback, error, updatedAt } = query.data;
  return (
    <>
      <ContentView
        type={type}
        data={data}
        settings={settings}
        paused={paused}
        updatedAt={updatedAt}
        timeZone={timeZone}
      />
      {fallback && (
        <>
          <SampleBadge />
          <Notice role="status" tone="info">
            {t('dynamic.showingSample')}
            {error ? <span className="opacity-80"> · {error}</span> : null}
          </Notice>
        </>
      )}
    </>
  );
}

/**
 * A wall: live data (kept on the device as it arrives), else the last live data kept, with its
 * own time, else nothing, the slide reported unavailable (the player skips it). What went wrong
 * goes to the heartbeat, never on the wall.
 */
function WallBody({ type, settings, paused, timeZone }: BodyProps) {
  const query = useQuery(dynamicContentQueryOptions(type, settings));
  const key = dynamicRequestKey(type, settings);
  const response = query.data;
  const content = wallContent({ pending: query.isPending, response }, keptLiveData(key, type));
  const failure = response?.fallback ? response.error || 'sample data only' : query.error?.message || null;
  const kind = content.kind;
  const shownAt = content.kind === 'data' && content.kept ? content.updatedAt : null;

  useEffect(() => {
    if (response && !response.fallback) keepLiveData(key, response);
  }, [key, response]);

  useEffect(() => {
    if (kind === 'loading') return;
    if (kind === 'none') {
      markUnavailable(key);
      reportProblem(type, `skipped: no live data${failure ? ` (${failure})` : ''}`);
      return;
    }
    markAvailable(key);
    if (shownAt) reportProblem(type, `no live data, showing the data of ${shownAt}${failure ? ` (${failure})` : ''}`);
    else clearProblem(type);
  }, [kind, key, type, failure, shownAt]);

  if (content.kind === 'loading') return <Loading />;
  if (content.kind === 'none') return null;
  return (
    <ContentView
      type={type}
      data={content.data}
      settings={settings}
      paused={paused}
      updatedAt={content.updatedAt}
      kept={content.kept}
      timeZone={timeZone}
    />
  );
}

/** Says, on the picture itself, that what a preview shows is sample data, not the service's. */
function SampleBadge() {
  const { t } = useTranslation('slides');
  return (
    <p
      data-testid="sample-badge"
      className="absolute top-[1.5cqw] right-[1.5cqw] z-10 rounded-full bg-gray-900 px-[1.2cqw] py-[0.4cqw] text-[max(0.625rem,1.4cqw)] font-semibold text-white shadow"
    >
      {t('dynamic.sampleBadge')}
    </p>
  );
}

/**
 * An operator's note under the content (sample or fallback data): a line of its own at the
 * foot of the box, so it never covers the content (the forecast row, the location).
 */
function Notice({ role, tone, children }: { role: 'status' | 'alert'; tone: 'info' | 'danger'; children: ReactNode }) {
  return (
    <p
      role={role}
      className={cn(
        'flex shrink-0 items-center gap-[0.6cqw] px-[1.2cqw] py-[0.6cqw] text-[max(0.625rem,1.1cqw)] text-white',
        tone === 'danger' ? 'bg-danger-700' : 'bg-gray-900',
      )}
    >
      <Info aria-hidden className="size-[1.1em] shrink-0" />
      <span className="truncate">{children}</span>
    </p>
  );
}

interface ContentViewProps {
  type: DynamicContentType;
  data: DynamicContentDataMap[DynamicContentType];
  settings: DynamicContentSettings | null;
  paused?: boolean;
  updatedAt: string | null;
  /** The data is the last live data kept on the device: news and sports say when it was fetched too. */
  kept?: boolean;
  timeZone?: string | null;
}

function ContentView({ type, data, settings, paused, updatedAt, kept = false, timeZone }: ContentViewProps) {
  switch (type) {
    case 'weather':
      return (
        <WeatherView data={data as Partial<WeatherData>} updatedAt={updatedAt} now={new Date()} timeZone={timeZone} />
      );
    case 'news':
      return (
        <NewsView
          articles={Array.isArray(data) ? (data as Partial<NewsArticle>[]) : []}
          category={settings?.category}
          paused={paused}
          timeZone={timeZone}
          updatedAt={kept ? updatedAt : null}
        />
      );
    case 'sports':
      return (
        <SportsView
          events={Array.isArray(data) ? (data as Partial<SportsEvent>[]) : []}
          timeZone={timeZone}
          updatedAt={kept ? updatedAt : null}
        />
      );
  }
}
