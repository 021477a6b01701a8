import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LOOP_SECONDS } from './device-rules';

/** A loop's length in seconds, as Edit device (a screen's) and Settings (new screens') ask for it. */
export function LoopSecondsField({
  label,
  hint,
  registration,
  error,
}: {
  label: string;
  hint: string;
  /** register(name, { valueAsNumber: true }) */
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  const { t } = useTranslation('equipment');
  return (
    <Field
      label={label}
      hint={t('rules.loopHint', { min: LOOP_SECONDS.min, max: LOOP_SECONDS.max, hint })}
      error={error}
    >
      {(c) => (
        <Input
          {...c}
          type="number"
          inputMode="numeric"
          min={LOOP_SECONDS.min}
          max={LOOP_SECONDS.max}
          {...registration}
        />
      )}
    </Field>
  );
}
