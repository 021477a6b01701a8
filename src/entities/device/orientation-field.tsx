import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { ORIENTATION_LABELS, ORIENTATIONS } from './device-rules';

/** How a screen hangs, as Add screen, Edit device and the /slides question ask for it. */
export function OrientationField({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  return (
    <Field label="Orientation" error={error}>
      {(c) => (
        <Select
          {...c}
          options={ORIENTATIONS.map((o) => ({ value: o, label: ORIENTATION_LABELS[o] }))}
          {...registration}
        />
      )}
    </Field>
  );
}
