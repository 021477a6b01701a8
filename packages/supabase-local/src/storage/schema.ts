// The route schemas of Storage's requests, checked as Fastify checks them (Ajv
// with coerceTypes "array", first error only) and refused with Fastify's
// message, e.g. "body/limit must be >= 1" or "querystring must have required
// property 'token'". Only the keywords Storage's schemas use are known here.
import { errors } from './errors.ts';

export type Schema =
  | { type: 'integer' | 'number'; minimum?: number; maximum?: number }
  | { type: 'string'; enum?: readonly string[] }
  | { type: 'boolean' }
  | { type: 'array'; items: Schema; minItems?: number; maxItems?: number }
  | {
      type: 'object';
      properties: Readonly<Record<string, Schema>>;
      required?: readonly string[];
      /** JSON Schema's if/then: when `when` holds, `then` applies as well. */
      when?: (value: Record<string, unknown>) => boolean;
      then?: { required: readonly string[]; properties: Readonly<Record<string, Schema>> };
    };

type Where = 'body' | 'querystring';

class Invalid extends Error {}

function fail(where: Where, path: string, message: string): never {
  throw new Invalid(`${where}${path} ${message}`);
}

/** Ajv's type coercion ("array" mode): a value of another type becomes this one when it can. */
function coerce(value: unknown, type: Schema['type']): unknown {
  if (Array.isArray(value) && type !== 'array' && value.length === 1) return coerce(value[0], type);
  switch (type) {
    case 'integer':
    case 'number': {
      if (typeof value === 'number') return value;
      if (typeof value === 'boolean') return value ? 1 : 0;
      if (value === null) return 0;
      if (typeof value === 'string' && value !== '' && Number.isFinite(Number(value))) return Number(value);
      return value;
    }
    case 'string':
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      if (value === null) return '';
      return value;
    case 'boolean':
      if (value === 'true' || value === 1) return true;
      if (value === 'false' || value === 0 || value === null) return false;
      return value;
    case 'array':
      return Array.isArray(value) ? value : [value];
    default:
      return value;
  }
}

function check(where: Where, path: string, schema: Schema, raw: unknown): unknown {
  const value = coerce(raw, schema.type);
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const ok =
        typeof value === 'number' && Number.isFinite(value) && (schema.type === 'number' || Number.isInteger(value));
      if (!ok) fail(where, path, `must be ${schema.type}`);
      if (schema.minimum !== undefined && (value as number) < schema.minimum)
        fail(where, path, `must be >= ${schema.minimum}`);
      if (schema.maximum !== undefined && (value as number) > schema.maximum)
        fail(where, path, `must be <= ${schema.maximum}`);
      return value;
    }
    case 'string':
      if (typeof value !== 'string') fail(where, path, 'must be string');
      if (schema.enum && !schema.enum.includes(value)) fail(where, path, 'must be equal to one of the allowed values');
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') fail(where, path, 'must be boolean');
      return value;
    case 'array': {
      if (!Array.isArray(value)) fail(where, path, 'must be array');
      if (schema.minItems !== undefined && value.length < schema.minItems)
        fail(where, path, `must NOT have fewer than ${schema.minItems} items`);
      if (schema.maxItems !== undefined && value.length > schema.maxItems)
        fail(where, path, `must NOT have more than ${schema.maxItems} items`);
      return value.map((item, i) => check(where, `${path}/${i}`, schema.items, item));
    }
    case 'object': {
      if (!value || typeof value !== 'object' || Array.isArray(value)) fail(where, path, 'must be object');
      const input = value as Record<string, unknown>;
      const out: Record<string, unknown> = { ...input };
      for (const name of schema.required ?? []) {
        if (input[name] === undefined) fail(where, path, `must have required property '${name}'`);
      }
      for (const [name, sub] of Object.entries(schema.properties)) {
        if (input[name] !== undefined) out[name] = check(where, `${path}/${name}`, sub, input[name]);
      }
      if (schema.then && schema.when?.(out)) {
        // Ajv reports a failed "then" as its own error followed by the if keyword's.
        try {
          for (const name of schema.then.required) {
            if (out[name] === undefined) fail(where, path, `must have required property '${name}'`);
          }
          for (const [name, sub] of Object.entries(schema.then.properties)) {
            if (out[name] !== undefined) check(where, `${path}/${name}`, sub, out[name]);
          }
        } catch (e) {
          if (e instanceof Invalid) throw new Invalid(`${e.message}, ${where}${path} must match "then" schema`);
          throw e;
        }
      }
      return out;
    }
  }
}

/** The value checked (and coerced) against `schema`; a mismatch is Storage's 400 with Fastify's message. */
export function validate<T = Record<string, unknown>>(where: Where, schema: Schema, value: unknown): T {
  try {
    return check(where, '', schema, value) as T;
  } catch (e) {
    if (e instanceof Invalid) throw errors.validation(e.message);
    throw e;
  }
}

/** The query string as Fastify parses it: one value per name, repeated names as arrays. */
export function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const all = params.getAll(name);
    out[name] = all.length === 1 ? all[0]! : all;
  }
  return out;
}
