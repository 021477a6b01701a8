// Starts one stack of this project for the whole database suite (PGlite by default,
// PostgreSQL 15 with STACK_ENGINE=postgres), unless STACK_URL points at a running one.
import type { TestProject } from 'vitest/node';
import { provideStack } from 'supabase-local/testing';
import { startProductStack } from '../support/product-stack.ts';

export default function setup(project: TestProject) {
  return provideStack(project, () => startProductStack());
}
