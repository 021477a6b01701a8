import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FileInput } from '@/components/ui/file-input';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { uploadedFileName } from '@/entities/advertiser/file-names';
import {
  advertiserSchema,
  INDUSTRIES,
  industryLabel,
  logoHint,
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

export interface AdvertiserFormProps {
  defaultValues: AdvertiserFormInput;
  /** The stored logo's path; its name as uploaded shows until a new one is chosen. */
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
  const { t } = useTranslation(['advertisers', 'common']);
  const statusOptions = ADVERTISER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }));
  const uploaded = uploadedFileName(currentLogo);
  const currentLogoName = uploaded
    ? t('form.currentLogoNamed', { name: uploaded })
    : currentLogo
      ? t('form.currentLogo')
      : t('form.noFile');
  const industryOptions = INDUSTRIES.map((i) => ({ value: i, label: industryLabel(i) }));
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
          <Field label={t('form.advertiserName')} error={errors.advertiser_name?.message}>
            {(c) => <Input {...c} {...register('advertiser_name')} autoComplete="name" />}
          </Field>
          <Field label={t('form.email')} error={errors.email?.message}>
            {(c) => <Input {...c} {...register('email')} type="email" autoComplete="email" />}
          </Field>
          <Field label={t('form.businessName')} error={errors.business_name?.message}>
            {(c) => <Input {...c} {...register('business_name')} autoComplete="organization" />}
          </Field>
          <Field label={t('form.businessNumber')} error={errors.business_number?.message}>
            {(c) => <Input {...c} {...register('business_number')} />}
          </Field>
          <Field label={t('form.contactNumber')} error={errors.contact_number?.message}>
            {(c) => <Input {...c} {...register('contact_number')} type="tel" autoComplete="tel" />}
          </Field>
          <Field label={t('form.industry')} error={errors.industry?.message}>
            {(c) => (
              <Select
                {...c}
                {...register('industry')}
                options={industryOptions}
                placeholder={t('form.industryPlaceholder')}
              />
            )}
          </Field>
          <Field label={t('form.address')} error={errors.address?.message} className="md:col-span-2">
            {(c) => <Input {...c} {...register('address')} autoComplete="street-address" />}
          </Field>
          <Field label={t('form.status')} error={errors.status?.message}>
            {(c) => <Select {...c} {...register('status')} options={statusOptions} />}
          </Field>
          <Field label={t('form.logo')} hint={logoHint()} error={errors.logo?.message}>
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
                    fileName={field.value?.name ?? currentLogoName}
                    buttonLabel={t('form.chooseFile')}
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
            <Link to={paths.dashboard.advertisers.list.getHref()}>{t('common:actions.cancel')}</Link>
          </Button>
          <Button type="submit" disabled={isSaving}>
            {isSaving ? t('form.saving') : submitLabel}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
