// The slide's ad: which ad (of which advertiser) the slide shows, so its plays count for
// them in the reports. Optional: a venue's own slides, weather and news show no ad.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { adLabel, adOptionsQuery } from '@/entities/ad/ad-options';

export interface SlideAdFieldProps {
  value: string | null;
  onChange: (adId: string | null) => void;
  className?: string;
}

export function SlideAdField({ value, onChange, className }: SlideAdFieldProps) {
  const { t } = useTranslation('builder');
  const ads = useQuery(adOptionsQuery());
  const options = (ads.data ?? []).map((ad) => ({ value: ad.id, label: adLabel(ad) }));
  // A chosen ad that is gone from the list (deleted elsewhere) stays visible until changed.
  if (value && ads.isSuccess && !options.some((o) => o.value === value))
    options.push({ value, label: t('ad.deleted') });
  return (
    <Field
      label={t('ad.label')}
      className={className}
      hint={t('ad.hint')}
      error={ads.isError ? t('ad.loadFailed') : undefined}
    >
      {(control) => (
        <Select
          {...control}
          value={value ?? ''}
          disabled={ads.isPending}
          placeholder={ads.isPending ? t('ad.loading') : t('ad.none')}
          options={options}
          onChange={(e) => onChange(e.target.value || null)}
        />
      )}
    </Field>
  );
}
