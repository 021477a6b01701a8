// The first and last day of a period, kept in the page's address (?from=&to=).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { Period } from '../lib/period';

export function PeriodPicker({ period }: { period: Period }) {
  const { t } = useTranslation('advertiserPortal');
  const [, setParams] = useSearchParams();
  const id = useId();
  const set = (next: Partial<Period>) => {
    const merged = { ...period, ...next };
    if (!merged.from || !merged.to || merged.from > merged.to) return;
    setParams({ from: merged.from, to: merged.to }, { replace: true });
  };
  return (
    <fieldset className="flex flex-wrap items-end gap-3 print:hidden">
      <legend className="sr-only">{t('period.legend')}</legend>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-from`}>{t('period.from')}</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={period.from}
          max={period.to}
          onChange={(e) => set({ from: e.target.value })}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-to`}>{t('period.to')}</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={period.to}
          min={period.from}
          onChange={(e) => set({ to: e.target.value })}
        />
      </div>
    </fieldset>
  );
}
