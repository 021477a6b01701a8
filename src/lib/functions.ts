// Calling an edge function whose reply reports failure as JSON `{ error }`.
import { FunctionsHttpError } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';

function errorField(body: unknown): string | null {
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error) {
    return body.error;
  }
  return null;
}

/**
 * Invokes `name` with a JSON body. Fails with the reply's `error` text when it has
 * one (whatever the status), else with `fallback`.
 */
export async function invokeFunction(name: string, body: Record<string, unknown>, fallback: string): Promise<void> {
  const result: { data: unknown; error: unknown } = await supabase.functions.invoke<unknown>(name, { body });
  const { data, error } = result;
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const reply: unknown = await response.json().catch(() => null);
    throw new Error(errorField(reply) ?? fallback, { cause: error });
  }
  if (error) throw new Error(fallback, { cause: error });
  const message = errorField(data);
  if (message) throw new Error(message);
}
