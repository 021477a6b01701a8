// Changing customers. Each mutation invalidates what it changes and returns that promise,
// so callers' onSuccess runs once the lists and counts are fresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { translate, type MessageKey } from '@/i18n';
import { invokeFunction } from '@/lib/functions';
import { supabase } from '@/lib/supabase';
import { failureWithDetail } from '@/lib/write-errors';
import { invalidateTable } from '@/entities/query-keys/table-keys';
import { customerKeys } from './customers';
import {
  NO_BANK_DETAILS,
  splitBankDetails,
  toggledStatus,
  type BankDetails,
  type Customer,
  type CustomerDetail,
  type CustomerInput,
} from './customer-schema';

export interface CreateCustomerInput {
  /** The id chosen for the new customer (its files are already stored under it). */
  id: string;
  values: CustomerInput;
  /** Whether the bank details are saved too (only for those who may see them: admins). */
  saveBank: boolean;
}

/** Writes the venue's bank details (one row per venue; the database admits admins only). */
async function saveBankDetails(customerId: string, bank: BankDetails): Promise<void> {
  await supabase
    .from('customer_bank_accounts')
    .upsert({ customer_id: customerId, ...bank })
    .throwOnError();
}

const hasBankDetails = (bank: BankDetails) => Object.values(bank).some((v) => v !== null);

/**
 * Adds the customer (and its bank details, when the form had them), then has the server
 * make its login and link it (customer-login). If the bank details or the login cannot be
 * saved, the row is taken back, so nothing is half-saved and the form (which keeps its id
 * and files) can be sent again.
 */
export async function createCustomer({ id, values, saveBank }: CreateCustomerInput): Promise<CustomerDetail> {
  const { row, bank } = splitBankDetails(values);
  try {
    const { data } = await supabase
      .from('customers')
      .insert({ ...row, id })
      .select()
      .single()
      .throwOnError();
    try {
      if (saveBank && hasBankDetails(bank)) await saveBankDetails(id, bank);
      await linkCustomerLogin(id);
    } catch (error) {
      await supabase.from('customers').delete().eq('id', id);
      throw error;
    }
    return { ...data, ...(saveBank ? bank : NO_BANK_DETAILS) };
  } catch (error) {
    throw failureWithDetail(translate('customers:failures.add'), error);
  }
}

/** Makes and links the customer's login on the server (admins only), or changes its e-mail with the customer's. */
async function linkCustomerLogin(customerId: string, email?: string): Promise<void> {
  await invokeFunction(
    'customer-login',
    email === undefined ? { customerId } : { customerId, email },
    translate('customers:failures.signInEmail'),
  );
}

export interface UpdateCustomerInput {
  id: string;
  values: CustomerInput;
  /** The customer's e-mail before this edit: a different one also changes their sign-in e-mail. */
  previousEmail: string;
  /** Whether the bank details are saved too (only for those who may see them: admins). */
  saveBank: boolean;
}

/** A refusal of the database or server that belongs to one field of the form. */
const FIELD_REFUSALS: { test: RegExp; field: 'email' | 'contact_phone' | 'installation_date'; message: MessageKey }[] =
  [
    {
      test: /customers_email_unique_idx|already uses this e-mail/i,
      field: 'email',
      message: 'customers:form.errors.emailTaken',
    },
    {
      test: /admin's sign-in/i,
      field: 'email',
      message: 'customers:form.errors.emailIsAdmin',
    },
    {
      test: /customers_contact_phone_is_a_phone_number/,
      field: 'contact_phone',
      message: 'customers:form.errors.phone',
    },
    {
      test: /customers_installation_not_before_signup/,
      field: 'installation_date',
      message: 'customers:form.errors.installationBeforeSignup',
    },
  ];

/**
 * The field and its message when a save failed for a reason that field can fix (an e-mail
 * another customer or an admin's sign-in has, a phone number or dates the database refuses);
 * null for any other failure.
 */
export function fieldRefusal(
  message: string,
): { field: (typeof FIELD_REFUSALS)[number]['field']; message: string } | null {
  const refusal = FIELD_REFUSALS.find((r) => r.test.test(message));
  return refusal ? { field: refusal.field, message: translate(refusal.message) } : null;
}

/** Whether an edit changes the customer's e-mail (and so their sign-in e-mail). */
export function changesEmail(previousEmail: string, email: string): boolean {
  return previousEmail.trim().toLowerCase() !== email.trim().toLowerCase();
}

/**
 * Saves an edit. A new e-mail goes first, through the server, which changes the customer's
 * sign-in e-mail and row together (or neither); then the other fields.
 */
export async function updateCustomer({
  id,
  values,
  previousEmail,
  saveBank,
}: UpdateCustomerInput): Promise<CustomerDetail> {
  const { row, bank } = splitBankDetails(values);
  try {
    if (changesEmail(previousEmail, values.email)) await linkCustomerLogin(id, values.email);
    const { data } = await supabase.from('customers').update(row).eq('id', id).select().single().throwOnError();
    if (saveBank) await saveBankDetails(id, bank);
    return { ...data, ...(saveBank ? bank : NO_BANK_DETAILS) };
  } catch (error) {
    throw failureWithDetail(translate('customers:failures.update'), error);
  }
}

export async function deleteCustomer(id: string): Promise<void> {
  try {
    await supabase.from('customers').delete().eq('id', id).throwOnError();
  } catch (error) {
    throw failureWithDetail(translate('customers:failures.delete'), error);
  }
}

export async function setCustomerStatus({ id, status }: { id: string; status: string }): Promise<Customer> {
  try {
    const { data } = await supabase
      .from('customers')
      .update({ status: toggledStatus(status) })
      .eq('id', id)
      .select()
      .single()
      .throwOnError();
    return data;
  } catch (error) {
    throw failureWithDetail(translate('customers:failures.update'), error);
  }
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: (customer) => {
      queryClient.setQueryData(customerKeys.detail(customer.id), customer);
      // Lists, counts, the campaign form's options, campaigns (deleted with a customer) and playlists.
      return invalidateTable(queryClient, 'customers');
    },
  });
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: (customer) => {
      queryClient.setQueryData(customerKeys.detail(customer.id), customer);
      // Lists, counts, the campaign form's options, campaigns (deleted with a customer) and playlists.
      return invalidateTable(queryClient, 'customers');
    },
  });
}

/** Switches a customer between active and inactive (anything but active becomes active). */
export function useToggleCustomerStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customer: Pick<Customer, 'id' | 'status'>) => setCustomerStatus(customer),
    onSuccess: (customer) => {
      // The row only: the bank details (read apart) stay as they were.
      queryClient.setQueryData(customerKeys.detail(customer.id), (old: CustomerDetail | null | undefined) =>
        old ? { ...old, ...customer } : old,
      );
      // Lists, counts, the campaign form's options, campaigns (deleted with a customer) and playlists.
      return invalidateTable(queryClient, 'customers');
    },
  });
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: customerKeys.detail(id) });
      // Lists, counts, the campaign form's options, campaigns (deleted with a customer) and playlists.
      return invalidateTable(queryClient, 'customers');
    },
  });
}

export interface SetPasswordInput {
  username: string;
  newPassword: string;
}

/**
 * Sets a customer's login password through the set-users-password function
 * ({username, newPassword}); the function creates the login when there is none.
 * Fails with the server's `error` text, else 'Failed to set password'.
 */
export async function setCustomerPassword({ username, newPassword }: SetPasswordInput): Promise<void> {
  await invokeFunction('set-users-password', { username, newPassword }, translate('customers:failures.setPassword'));
}

export function useSetCustomerPassword() {
  return useMutation({ mutationFn: setCustomerPassword });
}
