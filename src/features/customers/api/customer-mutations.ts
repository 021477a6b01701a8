// Changing customers. Each mutation invalidates what it changes and returns that promise,
// so callers' onSuccess runs once the lists and counts are fresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/functions';
import { supabase } from '@/lib/supabase';
import { failureWithDetail } from '@/lib/write-errors';
import { invalidateTable } from '@/entities/query-keys/table-keys';
import { customerKeys } from './customers';
import { toggledStatus, type Customer, type CustomerInput } from './customer-schema';

export interface CreateCustomerInput {
  /** The id chosen for the new customer (its files are already stored under it). */
  id: string;
  values: CustomerInput;
}

export async function createCustomer({ id, values }: CreateCustomerInput): Promise<Customer> {
  try {
    const { data } = await supabase
      .from('customers')
      .insert({ ...values, id })
      .select()
      .single()
      .throwOnError();
    return data;
  } catch (error) {
    throw failureWithDetail('Failed to add customer', error);
  }
}

export interface UpdateCustomerInput {
  id: string;
  values: CustomerInput;
}

export async function updateCustomer({ id, values }: UpdateCustomerInput): Promise<Customer> {
  try {
    const { data } = await supabase.from('customers').update(values).eq('id', id).select().single().throwOnError();
    return data;
  } catch (error) {
    throw failureWithDetail('Failed to update customer', error);
  }
}

export async function deleteCustomer(id: string): Promise<void> {
  try {
    await supabase.from('customers').delete().eq('id', id).throwOnError();
  } catch (error) {
    throw failureWithDetail('Failed to delete customer', error);
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
    throw failureWithDetail('Failed to update customer', error);
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
      queryClient.setQueryData(customerKeys.detail(customer.id), customer);
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
  await invokeFunction('set-users-password', { username, newPassword }, 'Failed to set password');
}

export function useSetCustomerPassword() {
  return useMutation({ mutationFn: setCustomerPassword });
}
