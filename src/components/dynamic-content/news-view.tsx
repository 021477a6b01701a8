import { Newspaper } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translate } from '@/i18n';
import type { NewsArticle } from '@/lib/dynamic-content';
import { DATE_TIME, formatDate, TIME } from './format';

/** How long each article is featured (spec: news rotation 8 s). */
export const NEWS_ROTATION_MS = 8000;

const NAMED_CATEGORIES = ['business', 'entertainment', 'health', 'science', 'sports', 'technology'] as const;
type NamedCategory = (typeof NAMED_CATEGORIES)[number];
const isNamed = (name: string): name is NamedCategory => (NAMED_CATEGORIES as readonly string[]).includes(name);

/** 'Breaking News' for general (or no category), otherwise '{Category} News', in the screens' language. */
export function newsHeader(category: string | null | undefined): string {
  const name = category?.trim().toLowerCase() || 'general';
  if (name === 'general') return translate('slides:news.header.general');
  if (isNamed(name)) return translate(`slides:news.header.${name}`);
  return translate('slides:news.header.other', { category: `${name.charAt(0).toUpperCase()}${name.slice(1)}` });
}

/** A CSS url() for an image address, quoted so no character can end it early. */
const cssUrl = (url: string) => `url(${JSON.stringify(url)})`;

export interface NewsViewProps {
  articles: Partial<NewsArticle>[];
  category: string | null | undefined;
  /** Stops the rotation (e.g. while the surrounding preview is paused). */
  paused?: boolean;
  /** The venue's time zone (IANA): articles' times are its clock's. */
  timeZone?: string | null;
  /** When the articles shown were fetched, shown as 'Updated 10:01' (a wall showing what it kept). */
  updatedAt?: string | null;
}

export function NewsView({ articles, category, paused = false, timeZone, updatedAt }: NewsViewProps) {
  const { t } = useTranslation('slides');
  const [current, setCurrent] = useState(0);
  const count = articles.length;

  // One interval while there is something to rotate; cleared on pause, on unmount and when the count changes.
  useEffect(() => {
    if (paused || count < 2) return;
    const id = setInterval(() => setCurrent((index) => (index + 1) % count), NEWS_ROTATION_MS);
    return () => clearInterval(id);
  }, [paused, count]);

  const index = count > 0 ? current % count : 0;
  const article = articles[index];
  const imageUrl = article?.imageUrl?.trim();

  return (
    <section aria-label={t('news.region')} className="flex size-full flex-col bg-gray-950 text-white">
      <header className="flex items-center justify-between gap-[2cqw] bg-danger-700 px-[3cqw] py-[1.5cqw]">
        <h2 className="flex items-center gap-[1cqw] text-[max(1rem,3cqw)] font-bold tracking-wide uppercase">
          <Newspaper aria-hidden className="size-[1em]" />
          {newsHeader(category)}
        </h2>
        {updatedAt && (
          <p className="ml-auto text-[max(0.625rem,1.5cqw)] opacity-90">
            {t('news.updated', { time: formatDate(updatedAt, TIME, '', timeZone) })}
          </p>
        )}
        {count > 1 && (
          <p className="text-[max(0.625rem,1.5cqw)] tabular-nums opacity-90" aria-label={t('news.article')}>
            {t('news.counter', { index: index + 1, count })}
          </p>
        )}
      </header>

      {article ? (
        <article
          aria-label={t('news.featured')}
          className="relative flex flex-1 flex-col justify-end overflow-hidden bg-gray-800 bg-cover bg-center p-[4cqw]"
          style={imageUrl ? { backgroundImage: cssUrl(imageUrl) } : undefined}
          data-image={imageUrl || undefined}
        >
          <div aria-hidden className="absolute inset-0 bg-linear-to-t from-gray-950 via-gray-950/70 to-gray-950/10" />
          <div className="relative space-y-[1.5cqw]">
            <p className="flex flex-wrap items-center gap-[1.5cqw] text-[max(0.625rem,1.6cqw)]">
              <span className="rounded-full bg-danger-600 px-[1.2cqw] py-[0.3cqw] font-semibold">
                {article.source?.trim() || t('news.unknownSource')}
              </span>
              <span className="opacity-80">{formatDate(article.publishedAt, DATE_TIME, t('news.recent'), timeZone)}</span>
            </p>
            <h3 className="line-clamp-3 text-[max(1rem,4.2cqw)] leading-tight font-bold">
              {article.title?.trim() || t('news.noTitle')}
            </h3>
            {article.description?.trim() && (
              <p className="line-clamp-3 text-[max(0.75rem,2cqw)] opacity-90">{article.description}</p>
            )}
          </div>
        </article>
      ) : (
        <p className="flex flex-1 items-center justify-center text-[max(0.875rem,2.5cqw)] opacity-80">
          {t('news.none')}
        </p>
      )}
    </section>
  );
}
