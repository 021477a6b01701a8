import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FileInput } from '@/components/ui/file-input';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { formatLabel } from '@/lib/format';
import {
  advertiserSchema,
  INDUSTRIES,
  LOGO_HINT,
  LOGO_TYPES,
  type AdvertiserFormInput,
  type AdvertiserFormValues,
} from '../api/advertiser-schema';
import { ADVERTISER_STATUSES } from '../api/advertisers';

export const EMPTY_ADVERTISER: AdvertiserFormInput = {
  advertiser_name: '',
  email: '',
  business_name: '',
  business_number: '',
  address: '',
  contact_number: '',
  industry: '',
  status: 'active',
  logo: null,
};

const STATUS_OPTIONS = ADVERTISER_STATUSES.map((s) => ({ value: s, label: formatLabel(s) }));
const INDUSTRY_OPTIONS = INDUSTRIES.map((i) => ({ value: i, label: i }));

export interface AdvertiserFormProps {
  defaultValues: AdvertiserFormInput;
  /** The stored logo's path, shown until a new one is chosen. */
  currentLogo?: string | null;
  submitLabel: string;
  onSubmit: (values: AdvertiserFormValues) => void;
  isSaving: boolean;
  /** The message of a failed save; the entered values stay. */
  saveError?: string | null;
}

export function AdvertiserForm({
  defaultValues,
  currentLogo,
  submitLabel,
  onSubmit,
  isSaving,
  saveError,
}: AdvertiserFormProps) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<AdvertiserFormInput, unknown, AdvertiserFormValues>({
    resolver: zodResolver(advertiserSchema),
    defaultValues,
  });

  return (
    <Card>
      <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
        <CardContent className="grid gap-5 py-6 md:grid-cols-2">
          {saveError && (
            <Alert tone="danger" className="md:col-span-2">
              {saveError}
            </Alert>
          )}
          <Field label="Advertiser Name *" error={errors.advertiser_name?.message}>
            {(c) => <Input {...c} {...register('advertiser_name')} autoComplete="name" />}
          </Field>
          <Field label="Email *" error={errors.email?.message}>
            {(c) => <Input {...c} {...register('email')} type="email" autoComplete="email" />}
          </Field>
          <Field label="Business Name *" error={errors.business_name?.message}>
            {(c) => <Input {...c} {...register('business_name')} autoComplete="organization" />}
          </Field>
          <Field label="Business Number" error={errors.business_number?.message}>
            {(c) => <Input {...c} {...register('business_number')} />}
          </Field>
          <Field label="Contact Number" error={errors.contact_number?.message}>
            {(c) => <Input {...c} {...register('contact_number')} type="tel" autoComplete="tel" />}
          </Field>
          <Field label="Industry" error={errors.industry?.message}>
            {(c) => (
              <Select {...c} {...register('industry')} options={INDUSTRY_OPTIONS} placeholder="Select an industry" />
            )}
          </Field>
          <Field label="Address" error={errors.address?.message} className="md:col-span-2">
            {(c) => <Input {...c} {...register('address')} autoComplete="street-address" />}
          </Field>
          <Field label="Status" error={errors.status?.message}>
            {(c) => <Select {...c} {...register('status')} options={STATUS_OPTIONS} />}
          </Field>
          <Field label="Company Logo" hint={LOGO_HINT} error={errors.logo?.message}>
            {(c) => (
              <Controller
                control={control}
                name="logo"
                render={({ field }) => (
                  <FileInput
                    id={c.id}
                    aria-describedby={c['aria-describedby']}
                    invalid={c.invalid}
                    accept={LOGO_TYPES.join(',')}
                    fileName={field.value?.name ?? (currentLogo ? 'Current logo' : null)}
                    onFileChange={(file) => field.onChange(file)}
                    onBlur={field.onBlur}
                  />
                )}
              />
            )}
          </Field>
        </CardContent>
        <CardFooter className="justify-end">
          <Button asChild variant="outline">
            <Link to={paths.dashboard.advertisers.list.getHref()}>Cancel</Link>
          </Button>
          <Button type="submit" disabled={isSaving}>
            {isSaving ? 'Saving...' : submitLabel}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
