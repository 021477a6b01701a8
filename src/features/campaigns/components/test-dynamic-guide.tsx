import { Trans, useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { REFRESH_INTERVAL } from '@/lib/dynamic-content';

// Long lines wrap rather than scroll, so every line is readable without a scroll a keyboard cannot reach.
const codeBlock =
  'rounded-md bg-gray-900 px-4 py-3 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap text-gray-100';

// Commands and variables are the same in every language.
const LOCAL_KEYS = 'WEATHER_API_KEY=your-weather-key\nNEWS_API_KEY=your-news-key';
const HOSTED_KEYS = 'supabase secrets set WEATHER_API_KEY=your-weather-key NEWS_API_KEY=your-news-key';

/** How to use dynamic content in a campaign and how to connect the data services. */
export function TestDynamicGuide() {
  const { t } = useTranslation('builder');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('testPage.guide.title')}</CardTitle>
        <CardDescription>{t('testPage.guide.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="guide-add" className="space-y-2 text-sm text-gray-700">
          <h3 id="guide-add" className="font-semibold text-gray-900">
            {t('testPage.guide.addTitle')}
          </h3>
          <ol className="list-decimal space-y-1 pl-5">
            <li>{t('testPage.guide.add1')}</li>
            <li>{t('testPage.guide.add2')}</li>
            <li>{t('testPage.guide.add3')}</li>
            <li>
              {t('testPage.guide.add4', {
                min: REFRESH_INTERVAL.min,
                max: REFRESH_INTERVAL.max,
                default: REFRESH_INTERVAL.default,
              })}
            </li>
            <li>{t('testPage.guide.add5')}</li>
          </ol>
        </section>

        <section aria-labelledby="guide-env" className="space-y-2 text-sm text-gray-700">
          <h3 id="guide-env" className="font-semibold text-gray-900">
            {t('testPage.guide.envTitle')}
          </h3>
          <p>
            <Trans t={t} i18nKey="testPage.guide.envBody" components={{ code: <code />, file: <code /> }} />
          </p>
          <pre className={codeBlock}>{LOCAL_KEYS}</pre>
          <p>{t('testPage.guide.hosted')}</p>
          <pre className={codeBlock}>{HOSTED_KEYS}</pre>
          <p>{t('testPage.guide.noKey')}</p>
        </section>

        <section aria-labelledby="guide-api" className="space-y-2 text-sm text-gray-700">
          <h3 id="guide-api" className="font-semibold text-gray-900">
            {t('testPage.guide.apiTitle')}
          </h3>
          <dl className="space-y-3">
            <div>
              <dt className="font-medium text-gray-900">{t('testPage.guide.weatherTitle')}</dt>
              <dd>{t('testPage.guide.weatherBody')}</dd>
            </div>
            <div>
              <dt className="font-medium text-gray-900">{t('testPage.guide.newsTitle')}</dt>
              <dd>{t('testPage.guide.newsBody')}</dd>
            </div>
            <div>
              <dt className="font-medium text-gray-900">{t('testPage.guide.sportsTitle')}</dt>
              <dd>{t('testPage.guide.sportsBody')}</dd>
            </div>
          </dl>
          <p className="text-xs text-gray-500">{t('testPage.guide.caching')}</p>
        </section>
      </CardContent>
    </Card>
  );
}
