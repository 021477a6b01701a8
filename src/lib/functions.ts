// Calling an edge function whose reply reports failure as JSON `{ error }`.
import { translate } from '@/i18n';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';

function errorField(body: unknown): string | null {
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error) {
    return body.error;
  }
  return null;
}

/**
 * Invokes `name` with a JSON body and returns the reply's status and JSON body, whatever
 * the status. Fails only when no reply came (network, relay), with that error.
 */
export async function callFunction(
  name: string,
  body: Record<string, unknown>,
): Promise<{ status: number; body: unknown }> {
  const result: { data: unknown; error: unknown } = await supabase.functions.invoke<unknown>(name, { body });
  const { data, error } = result;
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    return { status: response.status, body: await response.json().catch(() => null) };
  }
  if (error)
    throw error instanceof Error ? error : new Error(translate('errors:functionUnreachable'), { cause: error });
  return { status: 200, body: data };
}

/**
 * Invokes `name` with a JSON body. Fails with the reply's `error` text when it has
 * one (whatever the status), else with `fallback`.
 */
export async function invokeFunction(name: string, body: Record<string, unknown>, fallback: string): Promise<void> {
  let reply: { status: number; body: unknown };
  try {
    reply = await callFunction(name, body);
  } catch (error) {
    throw new Error(fallback, { cause: error });
  }
  const message = errorField(reply.body);
  if (message) throw new Error(message);
  if (reply.status !== 200) throw new Error(fallback);
}
