import type { Namespace } from './resources';

/** A language's catalogue: every namespace, each a tree of messages. Completeness is checked by a test. */
export type Catalogue = Record<Namespace, Record<string, unknown>>;
