import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { ORIENTATIONS } from './device-rules';

/** How a screen hangs, as Add screen, Edit device and the /slides question ask for it. */
export function OrientationField({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  const { t } = useTranslation('equipment');
  return (
    <Field label={t('orientation.label')} error={error}>
      {(c) => (
        <Select
          {...c}
          options={ORIENTATIONS.map((o) => ({ value: o, label: t(`orientation.options.${o}`) }))}
          {...registration}
        />
      )}
    </Field>
  );
}
