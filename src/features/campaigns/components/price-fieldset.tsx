// A network campaign's price: not priced yet, per 1,000 plays delivered (CPM), or a fixed amount
// for its period (billed by month, prorated by its days in each). In the network's currency.
import { useTranslation } from 'react-i18next';
import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { PRICE_BASES, type CampaignFormValues } from '../lib/campaign-schema';

export interface PriceFieldsetProps {
  control: Control<CampaignFormValues>;
  register: UseFormRegister<CampaignFormValues>;
  errors: FieldErrors<CampaignFormValues>;
}

export function PriceFieldset({ control, register, errors }: PriceFieldsetProps) {
  const { t } = useTranslation('campaigns');
  const basis = useWatch({ control, name: 'price_basis' });
  const basisOptions = PRICE_BASES.map((value) => ({ value, label: t(`price.basis.${value}`) }));
  return (
    <fieldset className="grid gap-4 md:col-span-2 md:grid-cols-2">
      <legend className="mb-2 text-sm font-medium text-gray-700">{t('price.legend')}</legend>
      <Field
        label={t('price.basisLabel')}
        hint={t('price.basisHint')}
        error={errors.price_basis?.message}
      >
        {(field) => <Select {...field} invalid={field.invalid} options={basisOptions} {...register('price_basis')} />}
      </Field>
      {basis !== 'none' && (
        <Field
          label={basis === 'cpm' ? t('price.amountCpm') : t('price.amountFixed')}
          hint={basis === 'cpm' ? t('price.hintCpm') : t('price.hintFixed')}
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
