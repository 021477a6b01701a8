// The dynamic content renderer: weather, news or sports for a slide's settings, sized
// to whatever box holds it (the builder's small preview or the player's full screen).
import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
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
import { WeatherView } from './weather-view';

export interface DynamicContentProps {
  /** The slide type; anything but weather, news or sports says 'Unknown content type'. */
  type: string;
  settings?: DynamicContentSettings | null;
  /** Stops the news rotation while the surrounding slideshow is paused. */
  paused?: boolean;
  /**
   * False on a public screen: no error text, no 'sample data' notice, nothing but content
   * (the last data, else the sample). Operators' previews show them (default true).
   */
  diagnostics?: boolean;
  className?: string;
}

/**
 * Fetches and shows one type of dynamic content, refreshing at settings.refresh_interval.
 *
 * - Loading: a spinner.
 * - The call failed and nothing was fetched before: a red warning with the error and
 *   'Using fallback data', over a minimal local sample (localSampleData).
 * - The function answered with its built-in sample data (fallback: true): the data, with a
 *   small 'Showing sample data' notice and the function's error text.
 * Without `diagnostics` (a public screen) the warning, the notice and 'Unknown content type'
 * are left out: the screen shows the content it has, or an empty dark slide.
 */
export function DynamicContent({ type, settings, paused, diagnostics = true, className }: DynamicContentProps) {
  return (
    <div
      className={cn(
        '@container relative flex size-full min-h-0 flex-col overflow-hidden [&>section]:min-h-0 [&>section]:flex-1',
        className,
      )}
    >
      {isDynamicContentType(type) ? (
        <DynamicContentBody type={type} settings={settings ?? null} paused={paused} diagnostics={diagnostics} />
      ) : diagnostics ? (
        <Alert tone="danger" className="m-[2cqw]">
          Unknown content type
        </Alert>
      ) : null}
    </div>
  );
}

interface BodyProps {
  type: DynamicContentType;
  settings: DynamicContentSettings | null;
  paused?: boolean;
  diagnostics: boolean;
}

function DynamicContentBody({ type, settings, paused, diagnostics }: BodyProps) {
  const query = useQuery(dynamicContentQueryOptions(type, settings));
  // On a public screen the problem is reported (to the heartbeat) instead of shown.
  const problem = query.isPending
    ? null
    : !query.data
      ? query.error?.message || 'An error occurred'
      : query.data.fallback
        ? `showing sample data${query.data.error ? ` (${query.data.error})` : ''}`
        : null;
  useEffect(() => {
    if (diagnostics) return;
    if (problem) reportProblem(type, problem);
    else clearProblem(type);
  }, [diagnostics, problem, type]);

  if (query.isPending) {
    return (
      <div className="flex flex-1 items-center justify-center bg-gray-100 text-brand-600">
        <Spinner size="lg" label="Loading dynamic content..." />
      </div>
    );
  }

  if (!query.data) {
    return (
      <>
        <ContentView
          type={type}
          data={localSampleData(type, settings)}
          settings={settings}
          paused={paused}
          updatedAt={null}
        />
        {diagnostics && (
          <Notice role="alert" tone="danger">
            Using fallback data · {query.error?.message || 'An error occurred'}
          </Notice>
        )}
      </>
    );
  }

  const { data, fallback, error, updatedAt } = query.data;
  return (
    <>
      <ContentView type={type} data={data} settings={settings} paused={paused} updatedAt={updatedAt} />
      {fallback && diagnostics && (
        <Notice role="status" tone="info">
          Showing sample data
          {error ? <span className="opacity-80"> · {error}</span> : null}
        </Notice>
      )}
    </>
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
}

function ContentView({ type, data, settings, paused, updatedAt }: ContentViewProps) {
  switch (type) {
    case 'weather':
      return <WeatherView data={data as Partial<WeatherData>} updatedAt={updatedAt} now={new Date()} />;
    case 'news':
      return (
        <NewsView
          articles={Array.isArray(data) ? (data as Partial<NewsArticle>[]) : []}
          category={settings?.category}
          paused={paused}
        />
      );
    case 'sports':
      return <SportsView events={Array.isArray(data) ? (data as Partial<SportsEvent>[]) : []} />;
  }
}
