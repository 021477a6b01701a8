// A network campaign's price: not priced yet, per 1,000 plays delivered (CPM), or a fixed amount
// for its period (billed by month, prorated by its days in each). In the network's currency.
import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { CampaignFormValues, PriceBasis } from '../lib/campaign-schema';

const BASIS_OPTIONS: { value: PriceBasis; label: string }[] = [
  { value: 'none', label: 'Not priced yet' },
  { value: 'cpm', label: 'Per 1,000 plays (CPM)' },
  { value: 'fixed', label: 'Fixed for the campaign’s period' },
];

const AMOUNT_HINT: Record<PriceBasis, string> = {
  none: '',
  cpm: 'Billed each month: plays delivered ÷ 1,000 × this amount.',
  fixed: 'Billed by month, in proportion to the campaign’s days in each month (needs a start and an end date).',
};

export interface PriceFieldsetProps {
  control: Control<CampaignFormValues>;
  register: UseFormRegister<CampaignFormValues>;
  errors: FieldErrors<CampaignFormValues>;
}

export function PriceFieldset({ control, register, errors }: PriceFieldsetProps) {
  const basis = useWatch({ control, name: 'price_basis' });
  return (
    <fieldset className="grid gap-4 md:col-span-2 md:grid-cols-2">
      <legend className="mb-2 text-sm font-medium text-gray-700">Price</legend>
      <Field
        label="Price basis"
        hint="What the advertiser's monthly statement bills for this campaign."
        error={errors.price_basis?.message}
      >
        {(field) => <Select {...field} invalid={field.invalid} options={BASIS_OPTIONS} {...register('price_basis')} />}
      </Field>
      {basis !== 'none' && (
        <Field
          label={basis === 'cpm' ? 'Price per 1,000 plays' : 'Price for the whole period'}
          hint={AMOUNT_HINT[basis]}
          error={errors.price_amount?.message}
        >
          {(field) => (
            <Input
              {...field}
              type="text"
              inputMode="decimal"
              placeholder="0.00"
              invalid={field.invalid}
              {...register('price_amount')}
            />
          )}
        </Field>
      )}
    </fieldset>
  );
}
