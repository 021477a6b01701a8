import { useQuery } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { OrientationField } from '@/entities/device/orientation-field';
import { venueOptionsQuery } from '@/entities/venue/venue-options';

interface ScreenFieldsProps<V extends FieldValues> {
  register: UseFormRegister<V>;
  errors: { customer_id?: { message?: string }; orientation?: { message?: string } };
  /** Read the venues only while the dialog is open. */
  enabled: boolean;
  /** The empty choice: 'Select a venue' (a venue is required) or 'No venue'. */
  noVenue: string;
}

/** A screen's venue and orientation, as Add screen and Edit device ask for them. */
export function ScreenFields<V extends FieldValues & { customer_id: string; orientation: string }>({
  register,
  errors,
  enabled,
  noVenue,
}: ScreenFieldsProps<V>) {
  const venues = useQuery({ ...venueOptionsQuery(), enabled });
  return (
    <>
      <Field
        label="Venue"
        error={errors.customer_id?.message ?? (venues.isError ? 'The venues could not be loaded.' : undefined)}
      >
        {(c) => (
          <Select
            {...c}
            disabled={venues.isPending}
            placeholder={venues.isPending ? 'Loading venues...' : noVenue}
            options={(venues.data ?? []).map((v) => ({
              value: v.id,
              label: v.location ? `${v.name} (${v.location})` : v.name,
            }))}
            {...register('customer_id' as Path<V>)}
          />
        )}
      </Field>
      <OrientationField registration={register('orientation' as Path<V>)} error={errors.orientation?.message} />
    </>
  );
}
