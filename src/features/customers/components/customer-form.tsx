import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
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
import { useCan } from '@/lib/auth';
import { changesEmail, fieldRefusal, useCreateCustomer, useUpdateCustomer } from '../api/customer-mutations';
import {
  customerFormDefaults,
  customerFormSchema,
  type CustomerDetail,
  type CustomerFormValues,
  type CustomerInput,
} from '../api/customer-schema';
import { newCustomerId } from '../lib/customer-files';
import { CustomerFileField } from './customer-file-field';

/** How long the success message shows before the list opens again. */
export const REDIRECT_AFTER_SAVE_MS = 1500;

const statusOptions = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'maintenance', label: 'Maintenance' },
];

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
  const [saved, setSaved] = useState<string | null>(null);
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
    const done = () => setSaved(isEdit ? 'Customer updated successfully!' : 'Customer added successfully!');
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

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-6">
      <Section title="Basic Information">
        <Field label="Name *" error={errors.name?.message}>
          {(c) => <Input {...c} autoComplete="organization" {...text('name')} />}
        </Field>
        <Field label="Username *" error={errors.username?.message}>
          {(c) => <Input {...c} autoComplete="off" {...text('username')} />}
        </Field>
        <Field
          label="Email *"
          error={errors.email?.message}
          hint={
            emailChanges
              ? `Saving also changes this customer's sign-in e-mail from ${customer.email} to ${email.trim()}: they sign in with the new address from then on.`
              : 'The customer signs in with this e-mail.'
          }
        >
          {(c) => <Input {...c} type="email" autoComplete="off" {...text('email')} />}
        </Field>
        <Field label="Contact phone" error={errors.contact_phone?.message}>
          {(c) => <Input {...c} type="tel" {...text('contact_phone')} />}
        </Field>
        <Field label="Location" error={errors.location?.message} className="sm:col-span-2">
          {(c) => <Input {...c} placeholder="Street, city" {...text('location')} />}
        </Field>
        <Field label="Status" error={errors.status?.message}>
          {(c) => <Select {...c} options={statusOptions} {...text('status')} />}
        </Field>
        <Field label="Time zone" hint="Campaign dates are days in this time zone." error={errors.time_zone?.message}>
          {(c) => <Select {...c} options={zoneOptions} {...text('time_zone')} />}
        </Field>
        <Field label="Display type" error={errors.display_type?.message}>
          {(c) => <Input {...c} {...text('display_type')} />}
        </Field>
        <Field label="Monthly fee ($)" error={errors.monthly_fee?.message}>
          {(c) => <Input {...c} type="number" inputMode="decimal" min={0} step="0.01" {...text('monthly_fee')} />}
        </Field>
      </Section>

      <Section title="Dates">
        <Field label="Signup date" error={errors.signup_date?.message}>
          {(c) => <Input {...c} type="date" {...text('signup_date')} />}
        </Field>
        <Field label="Installation date" error={errors.installation_date?.message}>
          {(c) => <Input {...c} type="date" {...text('installation_date')} />}
        </Field>
      </Section>

      <Section title="Business and Notes">
        <Field label="About the business" error={errors.about_business?.message} className="sm:col-span-2">
          {(c) => <Textarea {...c} {...text('about_business')} />}
        </Field>
        <Field label="Equipment description" error={errors.note?.message} className="sm:col-span-2">
          {(c) => <Textarea {...c} placeholder="Screens and players installed" {...text('note')} />}
        </Field>
        <Field label="Notes" error={errors.notes?.message} className="sm:col-span-2">
          {(c) => <Textarea {...c} {...text('notes')} />}
        </Field>
      </Section>

      {canBank && (
        <Section title="Banking">
          <Field label="Bank name" error={errors.bank_name?.message}>
            {(c) => <Input {...c} autoComplete="off" {...text('bank_name')} />}
          </Field>
          <Field label="Account number" error={errors.account_number?.message}>
            {(c) => <Input {...c} autoComplete="off" inputMode="numeric" {...text('account_number')} />}
          </Field>
          <Field label="Routing number" error={errors.routing_number?.message}>
            {(c) => <Input {...c} autoComplete="off" inputMode="numeric" {...text('routing_number')} />}
          </Field>
        </Section>
      )}

      <Section title="Files">
        {(['location_photo', 'agreement_file'] as const).map((field) => (
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

      {saved && <Alert tone="success">{saved}</Alert>}
      {mutation.isError && !saved && !fieldRefusal(mutation.error.message) && (
        <Alert tone="danger">{mutation.error.message}</Alert>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={paths.dashboard.customers.list.getHref()}>Cancel</Link>
        </Button>
        <Button type="submit" disabled={busy || saved !== null} aria-busy={mutation.isPending || undefined}>
          {mutation.isPending ? 'Saving...' : isEdit ? 'Update Customer' : 'Add Customer'}
        </Button>
      </div>
    </form>
  );
}
