// A venue (customers row) and its login (auth.users) are linked by customers.user_id,
// which only admins and server functions set. These are the server's ways of making,
// linking and re-addressing a venue's login; every function that touches one uses them.
import type { SupabaseClient } from '@supabase/supabase-js';
import { HttpError } from './http.ts';
import { escapeLike, sameEmail } from './validation.ts';

export const EMAIL_TAKEN_BY_CUSTOMER = 'Another customer already uses this e-mail';
export const EMAIL_TAKEN_BY_ADMIN = "This e-mail is an admin's sign-in; use another address for the customer";
export const CUSTOMER_NOT_FOUND = 'Customer not found';

/** The columns of a venue these functions need. */
export interface CustomerLoginRow {
  id: string;
  email: string;
  user_id: string | null;
}

export const CUSTOMER_LOGIN_COLUMNS = 'id, email, user_id';

interface Login {
  id: string;
  email: string;
  role: string;
}

/** The venue with this id, or a 404. */
export async function customerById(admin: SupabaseClient, id: string): Promise<CustomerLoginRow> {
  const { data, error } = await admin.from('customers').select(CUSTOMER_LOGIN_COLUMNS).eq('id', id).limit(1);
  if (error) throw new Error(`customer lookup failed: ${error.message}`);
  const row = (data as CustomerLoginRow[])[0];
  if (!row) throw new HttpError(404, CUSTOMER_NOT_FOUND);
  return row;
}

/** Venues whose e-mail is `email` (case-insensitive). */
export async function customersByEmail(admin: SupabaseClient, email: string): Promise<CustomerLoginRow[]> {
  const { data, error } = await admin
    .from('customers')
    .select(CUSTOMER_LOGIN_COLUMNS)
    .ilike('email', escapeLike(email))
    .limit(5);
  if (error) throw new Error(`customer lookup failed: ${error.message}`);
  return (data as CustomerLoginRow[]).filter((c) => sameEmail(c.email, email));
}

async function loginByEmail(admin: SupabaseClient, email: string): Promise<Login | null> {
  const { data, error } = await admin.from('users').select('id, email, role').ilike('email', escapeLike(email)).limit(5);
  if (error) throw new Error(`login lookup failed: ${error.message}`);
  return (data as Login[]).find((u) => sameEmail(u.email, email)) ?? null;
}

async function isLinked(admin: SupabaseClient, userId: string): Promise<boolean> {
  const { data, error } = await admin.from('customers').select('id').eq('user_id', userId).limit(1);
  if (error) throw new Error(`customer lookup failed: ${error.message}`);
  return (data as unknown[]).length > 0;
}

/**
 * Makes `email` free for the login of the venue `customerId`: refused when an admin or
 * another venue holds it; a login no admin linked is deleted, so no password or session
 * made before the link (say, by someone who signed up with the venue's address) carries over.
 */
async function clearUnlinkedLogin(admin: SupabaseClient, email: string, keep: string | null): Promise<void> {
  const login = await loginByEmail(admin, email);
  if (!login || login.id === keep) return;
  if (login.role === 'admin') throw new HttpError(409, EMAIL_TAKEN_BY_ADMIN);
  if (await isLinked(admin, login.id)) throw new HttpError(409, EMAIL_TAKEN_BY_CUSTOMER);
  const { error } = await admin.auth.admin.deleteUser(login.id);
  if (error) throw error;
}

/**
 * The id of the venue's login, made and linked now when it has none: a confirmed
 * login with the venue's e-mail and the role customer (and `password`, if given).
 */
export async function ensureCustomerLogin(
  admin: SupabaseClient,
  customer: CustomerLoginRow,
  password?: string,
): Promise<string> {
  if (customer.user_id) return customer.user_id;
  const email = customer.email.trim().toLowerCase();
  await clearUnlinkedLogin(admin, email, null);
  const { data, error } = await admin.auth.admin.createUser({
    email,
    email_confirm: true,
    app_metadata: { role: 'customer' },
    ...(password ? { password } : {}),
  });
  if (error) throw error;
  const userId = data.user.id;
  const { data: linked, error: linkError } = await admin
    .from('customers')
    .update({ user_id: userId })
    .eq('id', customer.id)
    .is('user_id', null)
    .select(CUSTOMER_LOGIN_COLUMNS);
  if (linkError || (linked as CustomerLoginRow[]).length === 0) {
    // Someone linked the venue meanwhile (or it is gone): the login made here is not needed.
    await admin.auth.admin.deleteUser(userId);
    if (linkError) throw new Error(`linking the login failed: ${linkError.message}`);
    const again = await customerById(admin, customer.id);
    if (!again.user_id) throw new Error('the venue could not be linked to a login');
    return again.user_id;
  }
  return userId;
}

/**
 * Gives the venue a new e-mail together with its login: the login's address changes at
 * once (an admin's change needs no confirmation) and the row follows; if the row cannot
 * be saved, the login gets its old address back. A venue with no login gets one.
 */
export async function changeCustomerEmail(
  admin: SupabaseClient,
  customer: CustomerLoginRow,
  newEmail: string,
): Promise<CustomerLoginRow> {
  const email = newEmail.trim().toLowerCase();
  const others = (await customersByEmail(admin, email)).filter((c) => c.id !== customer.id);
  if (others.length > 0) throw new HttpError(409, EMAIL_TAKEN_BY_CUSTOMER);

  if (!customer.user_id) {
    await clearUnlinkedLogin(admin, email, null);
    const updated = await saveEmail(admin, customer.id, email);
    const userId = await ensureCustomerLogin(admin, updated);
    return { ...updated, user_id: userId };
  }

  await clearUnlinkedLogin(admin, email, customer.user_id);
  const { data: current, error: readError } = await admin.auth.admin.getUserById(customer.user_id);
  if (readError) throw readError;
  const previous = current.user.email ?? customer.email;
  if (!sameEmail(previous, email)) {
    const { error } = await admin.auth.admin.updateUserById(customer.user_id, { email, email_confirm: true });
    if (error?.code === 'email_exists') throw new HttpError(409, EMAIL_TAKEN_BY_CUSTOMER);
    if (error) throw error;
  }
  try {
    return await saveEmail(admin, customer.id, email);
  } catch (e) {
    await admin.auth.admin.updateUserById(customer.user_id, { email: previous, email_confirm: true });
    throw e;
  }
}

async function saveEmail(admin: SupabaseClient, id: string, email: string): Promise<CustomerLoginRow> {
  const { data, error } = await admin
    .from('customers')
    .update({ email })
    .eq('id', id)
    .select(CUSTOMER_LOGIN_COLUMNS);
  if (error?.code === '23505') throw new HttpError(409, EMAIL_TAKEN_BY_CUSTOMER);
  if (error) throw new Error(`saving the e-mail failed: ${error.message}`);
  const row = (data as CustomerLoginRow[])[0];
  if (!row) throw new HttpError(404, CUSTOMER_NOT_FOUND);
  return row;
}
