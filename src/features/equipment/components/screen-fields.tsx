import { useQuery } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('equipment');
  const venues = useQuery({ ...venueOptionsQuery(), enabled });
  const venueField = 'customer_id' as Path<V>;
  const orientationField = 'orientation' as Path<V>;
  return (
    <>
      <Field
        label={t('fields.venue')}
        error={errors.customer_id?.message ?? (venues.isError ? t('fields.venuesFailed') : undefined)}
      >
        {(c) => (
          <Select
            {...c}
            disabled={venues.isPending}
            placeholder={venues.isPending ? t('fields.loadingVenues') : noVenue}
            options={(venues.data ?? []).map((v) => ({
              value: v.id,
              label: v.location ? t('fields.venueWithLocation', { name: v.name, location: v.location }) : v.name,
            }))}
            {...register(venueField)}
          />
        )}
      </Field>
      <OrientationField registration={register(orientationField)} error={errors.orientation?.message} />
    </>
  );
}
