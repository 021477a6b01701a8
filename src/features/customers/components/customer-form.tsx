import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { timeZoneOptions } from '@/entities/venue/time-zone';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { locales } from '@/i18n';
import { useCan } from '@/lib/auth';
import { changesEmail, fieldRefusal, useCreateCustomer, useUpdateCustomer } from '../api/customer-mutations';
import {
  CUSTOMER_STATUSES,
  customerFormDefaults,
  customerFormSchema,
  type CustomerDetail,
  type CustomerFormValues,
  type CustomerInput,
} from '../api/customer-schema';
import { newCustomerId } from '../lib/customer-files';
import { currencySymbol } from '../lib/currency-symbol';
import { CustomerFileField } from './customer-file-field';

/** The form's files, in the order it shows them. */
const FILE_FIELDS = ['location_photo', 'agreement_file'] as const;

/** How long the success message shows before the list opens again. */
export const REDIRECT_AFTER_SAVE_MS = 1500;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">{children}</CardContent>
    </Card>
  );
}

export interface CustomerFormProps {
  /** The customer being edited; absent when adding one. */
  customer?: CustomerDetail;
}

export function CustomerForm({ customer }: CustomerFormProps) {
  const { t } = useTranslation(['customers', 'common']);
  const navigate = useNavigate();
  // Bank details are for admins only: the database neither shows nor takes them from others.
  const canBank = useCan('bank');
  const isEdit = customer !== undefined;
  // A new customer's id is chosen here, before the row exists, so the files chosen in the
  // form can be uploaded at once under customer-files/<id>/ (where the storage policies
  // look for a customer's own files) and their paths saved in the same insert as the rest.
  // Creating the row first would save a customer whose files then fail to upload, or need
  // a second update after the uploads; a refused insert (say a duplicate e-mail) keeps the
  // same id, so the uploaded files are reused when the corrected form is sent again.
  const [customerId] = useState(() => customer?.id ?? newCustomerId());
  const [uploading, setUploading] = useState<Record<string, boolean>>({});
  const [saved, setSaved] = useState<'added' | 'updated' | null>(null);
  // Every zone the browser knows (a few hundred), built once per form.
  const [zoneOptions] = useState(() => timeZoneOptions(customer?.time_zone));

  const form = useForm<CustomerFormValues, unknown, CustomerInput>({
    resolver: zodResolver(customerFormSchema),
    defaultValues: customerFormDefaults(customer),
  });
  const { register, handleSubmit, formState, setValue, setError, control } = form;
  const files = {
    location_photo: useWatch({ control, name: 'location_photo' }),
    agreement_file: useWatch({ control, name: 'agreement_file' }),
  };
  const { errors } = formState;

  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const mutation = isEdit ? update : create;

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => void navigate(paths.dashboard.customers.list.getHref()), REDIRECT_AFTER_SAVE_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate]);

  const email = useWatch({ control, name: 'email' }) ?? '';
  const emailChanges = isEdit && changesEmail(customer.email, email) && email.trim() !== '';

  const onSubmit = handleSubmit((values) => {
    const done = () => setSaved(isEdit ? 'updated' : 'added');
    // A refusal one field can fix (an e-mail another customer or an admin's sign-in has) is
    // shown at that field, which gets the focus and is scrolled into view.
    const onError = (error: Error) => {
      const refusal = fieldRefusal(error.message);
      if (!refusal) return;
      setError(refusal.field, { message: refusal.message }, { shouldFocus: true });
      document.getElementsByName(refusal.field)[0]?.scrollIntoView?.({ block: 'center' });
    };
    if (isEdit)
      update.mutate(
        { id: customerId, values, previousEmail: customer.email, saveBank: canBank },
        { onSuccess: done, onError },
      );
    else create.mutate({ id: customerId, values, saveBank: canBank }, { onSuccess: done, onError });
  });

  const busy = mutation.isPending || Object.values(uploading).some(Boolean);
  const text = (name: keyof CustomerFormValues) => register(name);
  const statusOptions = CUSTOMER_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }));
  const localeOptions = locales.map((locale) => ({ value: locale, label: t(`common:language.names.${locale}`) }));

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-6">
      <Section title={t('form.sections.basic')}>
        <Field label={t('form.labels.name')} error={errors.name?.message}>
          {(c) => <Input {...c} autoComplete="organization" {...text('name')} />}
        </Field>
        <Field label={t('form.labels.username')} error={errors.username?.message}>
          {(c) => <Input {...c} autoComplete="off" {...text('username')} />}
        </Field>
        <Field
          label={t('form.labels.email')}
          error={errors.email?.message}
          hint={
            emailChanges
              ? t('form.hints.emailChanges', { from: customer.email, to: email.trim() })
              : t('form.hints.email')
          }
        >
          {(c) => <Input {...c} type="email" autoComplete="off" {...text('email')} />}
        </Field>
        <Field label={t('form.labels.contactPhone')} error={errors.contact_phone?.message}>
          {(c) => <Input {...c} type="tel" {...text('contact_phone')} />}
        </Field>
        <Field label={t('form.labels.location')} error={errors.location?.message} className="sm:col-span-2">
          {(c) => <Input {...c} placeholder={t('form.placeholders.location')} {...text('location')} />}
        </Field>
        <Field label={t('form.labels.status')} error={errors.status?.message}>
          {(c) => <Select {...c} options={statusOptions} {...text('status')} />}
        </Field>
        <Field label={t('form.labels.timeZone')} hint={t('form.hints.timeZone')} error={errors.time_zone?.message}>
          {(c) => <Select {...c} options={zoneOptions} {...text('time_zone')} />}
        </Field>
        <Field label={t('form.labels.locale')} hint={t('form.hints.locale')} error={errors.locale?.message}>
          {(c) => <Select {...c} options={localeOptions} {...text('locale')} />}
        </Field>
        <Field label={t('form.labels.displayType')} error={errors.display_type?.message}>
          {(c) => <Input {...c} {...text('display_type')} />}
        </Field>
        <Field label={t('form.labels.monthlyFee', { currency: currencySymbol() })} error={errors.monthly_fee?.message}>
          {(c) => <Input {...c} type="number" inputMode="decimal" min={0} step="0.01" {...text('monthly_fee')} />}
        </Field>
      </Section>

      <Section title={t('form.sections.dates')}>
        <Field label={t('form.labels.signupDate')} error={errors.signup_date?.message}>
          {(c) => <Input {...c} type="date" {...text('signup_date')} />}
        </Field>
        <Field label={t('form.labels.installationDate')} error={errors.installation_date?.message}>
          {(c) => <Input {...c} type="date" {...text('installation_date')} />}
        </Field>
      </Section>

      <Section title={t('form.sections.business')}>
        <Field label={t('form.labels.aboutBusiness')} error={errors.about_business?.message} className="sm:col-span-2">
          {(c) => <Textarea {...c} {...text('about_business')} />}
        </Field>
        <Field label={t('form.labels.note')} error={errors.note?.message} className="sm:col-span-2">
          {(c) => <Textarea {...c} placeholder={t('form.placeholders.note')} {...text('note')} />}
        </Field>
        <Field label={t('form.labels.notes')} error={errors.notes?.message} className="sm:col-span-2">
          {(c) => <Textarea {...c} {...text('notes')} />}
        </Field>
      </Section>

      {canBank && (
        <Section title={t('form.sections.banking')}>
          <Field label={t('form.labels.bankName')} error={errors.bank_name?.message}>
            {(c) => <Input {...c} autoComplete="off" {...text('bank_name')} />}
          </Field>
          <Field label={t('form.labels.accountNumber')} error={errors.account_number?.message}>
            {(c) => <Input {...c} autoComplete="off" inputMode="numeric" {...text('account_number')} />}
          </Field>
          <Field label={t('form.labels.routingNumber')} error={errors.routing_number?.message}>
            {(c) => <Input {...c} autoComplete="off" inputMode="numeric" {...text('routing_number')} />}
          </Field>
        </Section>
      )}

      <Section title={t('form.sections.files')}>
        {FILE_FIELDS.map((field) => (
          <CustomerFileField
            key={field}
            field={field}
            customerId={customerId}
            value={files[field] ?? ''}
            onUploaded={(path) => setValue(field, path, { shouldDirty: true })}
            onBusyChange={(on) => setUploading((u) => ({ ...u, [field]: on }))}
          />
        ))}
      </Section>

      {saved && <Alert tone="success">{t(saved === 'added' ? 'form.added' : 'form.updated')}</Alert>}
      {mutation.isError && !saved && !fieldRefusal(mutation.error.message) && (
        <Alert tone="danger">{mutation.error.message}</Alert>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={paths.dashboard.customers.list.getHref()}>{t('form.cancel')}</Link>
        </Button>
        <Button type="submit" disabled={busy || saved !== null} aria-busy={mutation.isPending || undefined}>
          {mutation.isPending ? t('form.saving') : isEdit ? t('form.update') : t('form.add')}
        </Button>
      </div>
    </form>
  );
}
