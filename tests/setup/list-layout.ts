// Every list screen has one layout: title with its primary action beside it, counters,
// filters, the list, then its paging. Component tests of each list check theirs with this.
import { screen } from '@testing-library/react';
import { expect } from 'vitest';

export interface ListLayoutParts {
  /** The page's heading (level 1) text. */
  title: string;
  /** The primary action's accessible name ('Add Customer'). */
  action: string;
  /** The counters' region name, on lists that have counters. */
  counters?: string;
  /** The search box's label. */
  search: string;
  /** The list's accessible name. */
  list: string;
}

/** The list page's parts are there, in the one order, with the primary action in the title's row. */
export function expectListLayout({ title, action, counters, search, list }: ListLayoutParts) {
  const heading = screen.getByRole('heading', { level: 1, name: title });
  const primary = [
    ...screen.queryAllByRole('link', { name: action }),
    ...screen.queryAllByRole('button', { name: action }),
  ][0];
  expect(primary, `${action} on the page`).toBeDefined();
  if (!primary) return;
  const parts = [
    heading,
    primary,
    ...(counters ? [screen.getByRole('region', { name: counters })] : []),
    screen.getByLabelText(search),
    screen.getByRole('list', { name: list }),
    screen.getByRole('navigation', { name: 'Pagination' }),
  ];
  for (let i = 1; i < parts.length; i++) {
    expect(parts[i - 1]!.compareDocumentPosition(parts[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  }
  // The action sits in the title's row, not among the filters.
  const row = heading.parentElement?.parentElement;
  expect(row?.contains(primary)).toBe(true);
  expect(row?.contains(screen.getByLabelText(search))).toBe(false);
}
