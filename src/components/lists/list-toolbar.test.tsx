import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FilterSelect, ListToolbar, SearchField, StatusFilterSelect } from './list-toolbar';

function Toolbar({ onStatus }: { onStatus: (value: string) => void }) {
  const [search, setSearch] = useState('');
  const [type, setType] = useState('all');
  return (
    <ListToolbar>
      <SearchField
        id="thing-search"
        label="Search things"
        placeholder="Name"
        value={search}
        onValueChange={setSearch}
      />
      <StatusFilterSelect id="thing-status" statuses={['active', 'in_review']} value="all" onValueChange={onStatus} />
      <FilterSelect
        id="thing-type"
        label="Type"
        options={[
          { value: 'all', label: 'All types' },
          { value: 'big', label: 'Big' },
        ]}
        value={type}
        onValueChange={setType}
      />
    </ListToolbar>
  );
}

describe('list toolbar fields', () => {
  it('labels each field and passes on what is typed or chosen', async () => {
    const user = userEvent.setup();
    const onStatus = vi.fn();
    render(<Toolbar onStatus={onStatus} />);

    const search = screen.getByRole('searchbox', { name: 'Search things' });
    expect(search).toHaveAttribute('placeholder', 'Name');
    await user.type(search, 'cafe');
    expect(search).toHaveValue('cafe');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'in_review');
    expect(onStatus).toHaveBeenCalledWith('in_review');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'big');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('big');
  });

  it('offers All statuses first, then each status as a label', () => {
    render(<Toolbar onStatus={vi.fn()} />);
    const options = within(screen.getByRole('combobox', { name: 'Status' })).getAllByRole('option');
    expect(options.map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['all', 'All statuses'],
      ['active', 'Active'],
      ['in_review', 'In review'],
    ]);
  });
});
