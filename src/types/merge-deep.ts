// A type `Base` with parts replaced by `Override`, as Supabase documents for typing JSON
// columns and functions over the generated types (type-fest's MergeDeep, kept small here).

/** Flattens an intersection into one object type; optional and readonly keys stay as they are. */
type Simplify<T> = { [K in keyof T]: T[K] } & {};

type IsObject<T> = [T] extends [readonly unknown[]] ? false : [T] extends [object] ? true : false;

/**
 * `Base` with `Override` merged in, key by key: where both hold an object (not an array) at a
 * key, the two are merged the same way; anywhere else `Override`'s type replaces `Base`'s.
 * Keys only `Base` has keep their type and modifiers; keys `Override` names take its modifiers.
 */
export type MergeDeep<Base, Override> =
  IsObject<Base> extends true
    ? IsObject<Override> extends true
      ? Simplify<
          { [K in keyof Base as K extends keyof Override ? never : K]: Base[K] } & {
            [K in keyof Override]: K extends keyof Base ? MergeDeep<Base[K], Override[K]> : Override[K];
          }
        >
      : Override
    : Override;
