import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, type SelectOption } from '@/components/ui/select';
import { advertiserOptionsQuery } from '@/entities/advertiser/advertiser-options';
import { formatDay, type Day } from '@/entities/plays/calendar-days';
import { PLAY_GROUPS } from '@/entities/plays/plays-report';
import { venueOptionsQuery } from '@/entities/venue/venue-options';
import { translate } from '@/i18n';
import { groupLabel, PERIOD_PRESETS, periodErrors, type PeriodErrors, type ReportParams } from '../lib/report-params';

/** Changes to the address: a key set to a value, or removed with null. */
export type ParamChanges = Record<string, string | null>;

const periodOptions = (): SelectOption[] => [
  ...PERIOD_PRESETS.map((p) => ({ value: p.id, label: translate(p.labelKey) })),
  { value: 'custom', label: translate('reports:periods.custom') },
];

const groupOptions = (): SelectOption[] => PLAY_GROUPS.map((g) => ({ value: g, label: groupLabel(g) }));

/** Options of a filter select: 'All …', the choices, and the chosen id while it is not among them. */
function filterOptions(
  all: string,
  choices: { id: string; name: string }[] | undefined,
  chosen: string | null,
  isPending: boolean,
): SelectOption[] {
  const options = [{ value: '', label: all }, ...(choices ?? []).map((c) => ({ value: c.id, label: c.name }))];
  if (chosen && !options.some((o) => o.value === chosen)) {
    options.push({
      value: chosen,
      label: isPending ? translate('common:states.loading') : translate('reports:filters.unknown'),
    });
  }
  return options;
}

/** The custom period's two dates, applied together once both are right. */
function CustomPeriod({
  from,
  to,
  urlErrors,
  onApply,
}: {
  from: string;
  to: string;
  urlErrors: PeriodErrors;
  onApply: (from: string, to: string) => void;
}) {
  const { t } = useTranslation('reports');
  const [draft, setDraft] = useState({ from, to });
  const [errors, setErrors] = useState<PeriodErrors>(urlErrors);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = periodErrors(draft.from, draft.to);
    setErrors(found);
    if (!found.from && !found.to) onApply(draft.from, draft.to);
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      aria-label={t('period.custom')}
    >
      <Field label={t('period.from')} error={errors.from} className="sm:w-44">
        {(c) => (
          <Input
            {...c}
            type="date"
            value={draft.from}
            onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
          />
        )}
      </Field>
      <Field label={t('period.to')} error={errors.to} className="sm:w-44">
        {(c) => (
          <Input
            {...c}
            type="date"
            value={draft.to}
            onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
          />
        )}
      </Field>
      <Button type="submit" variant="outline" className="sm:mt-6.5">
        {t('period.apply')}
      </Button>
    </form>
  );
}

/** The report's period, grouping and filters; every change goes to the address. */
export function ReportFilters({
  report,
  today,
  onChange,
}: {
  report: ReportParams;
  today: Day;
  onChange: (changes: ParamChanges) => void;
}) {
  const { t } = useTranslation('reports');
  const venues = useQuery(venueOptionsQuery());
  const advertisers = useQuery(advertiserOptionsQuery());
  return (
    <Card>
      <CardContent className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <Field label={t('filters.period')} hint={t('filters.periodHint', { today: formatDay(today, 'long') })}>
            {(c) => (
              <Select
                {...c}
                options={periodOptions()}
                value={report.period}
                onChange={(e) => {
                  const period = e.target.value;
                  onChange(
                    period === 'custom'
                      ? { period, from: report.from, to: report.to }
                      : { period, from: null, to: null },
                  );
                }}
              />
            )}
          </Field>
          <Field label={t('filters.groupBy')}>
            {(c) => (
              <Select
                {...c}
                options={groupOptions()}
                value={report.group}
                onChange={(e) => onChange({ group: e.target.value, sort: null, dir: null })}
              />
            )}
          </Field>
          <Field label={t('filters.venue')}>
            {(c) => (
              <Select
                {...c}
                options={filterOptions(
                  t('filters.allVenues'),
                  venues.data?.map((v) => ({ id: v.id, name: v.name })),
                  report.venue,
                  venues.isPending,
                )}
                value={report.venue ?? ''}
                onChange={(e) => onChange({ venue: e.target.value || null })}
              />
            )}
          </Field>
          <Field label={t('filters.advertiser')}>
            {(c) => (
              <Select
                {...c}
                options={filterOptions(
                  t('filters.allAdvertisers'),
                  advertisers.data,
                  report.advertiser,
                  advertisers.isPending,
                )}
                value={report.advertiser ?? ''}
                onChange={(e) => onChange({ advertiser: e.target.value || null })}
              />
            )}
          </Field>
        </div>
        {report.period === 'custom' ? (
          <CustomPeriod
            key={`${report.from}|${report.to}`}
            from={report.from}
            to={report.to}
            urlErrors={report.errors}
            onApply={(from, to) => onChange({ period: 'custom', from, to })}
          />
        ) : (
          <p className="text-sm text-gray-600">
            {t('period.range', { from: formatDay(report.from, 'long'), to: formatDay(report.to, 'long') })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
