import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { restUrl } from '@tests/setup/supabase-mocks';
import type { Slide } from '@/entities/slide/slide';
import { storedSlide } from '@/entities/slide/slide-fixtures';
import { SlideModal } from './slide-modal';

const slide = (patch: Partial<Slide> = {}): Slide => ({
  ...storedSlide(1, { campaign_id: 'camp', slide_type: 'promotional', title: 'Happy hour' }),
  content: 'Two for one, 4 to 6 pm.',
  ...patch,
});

function renderModal(initial: Slide) {
  const onSave = vi.fn<(slide: Slide) => void>();
  const view = renderRoutes([
    { path: '/', element: <SlideModal slide={initial} onCancel={() => undefined} onSave={onSave} /> },
  ]);
  const dialog = within(screen.getByRole('dialog'));
  return { ...view, onSave, dialog };
}

beforeEach(() => {
  server.use(http.get(restUrl('/ads'), () => HttpResponse.json([])));
});

describe('slide editor text limits', () => {
  it('counts the title and content text as they are typed', async () => {
    const { user, dialog } = renderModal(slide());
    const title = dialog.getByLabelText('Title');
    expect(title).toHaveAccessibleDescription('10 / 80 characters');
    expect(dialog.getByLabelText('Content text')).toHaveAccessibleDescription('23 / 400 characters');
    await user.type(title, '!');
    expect(title).toHaveAccessibleDescription('11 / 80 characters');
  });

  it('refuses a title over 80 characters with the message at the field, and saves nothing', async () => {
    const { user, dialog, onSave } = renderModal(slide());
    const title = dialog.getByLabelText('Title');
    await user.clear(title);
    await user.click(title);
    await user.paste('x'.repeat(81));
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription(
      '81 / 80 characters Title can have at most 80 characters (it has 81); shorten it by 1.',
    );
    await user.click(dialog.getByLabelText('Duration (seconds)'));
    await user.click(dialog.getByRole('button', { name: 'Save Slide' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(title).toHaveFocus();

    await user.type(title, '{Backspace}');
    expect(title).not.toHaveAttribute('aria-invalid');
    await user.click(dialog.getByRole('button', { name: 'Save Slide' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ title: 'x'.repeat(80) }));
  });

  it('refuses content text over 400 characters, counting characters as the database does', async () => {
    const { user, dialog, onSave } = renderModal(slide());
    const content = dialog.getByLabelText('Content text');
    await user.clear(content);
    await user.click(content);
    // 400 emoji are 800 UTF-16 units, but 400 characters: within the limit.
    await user.paste('☕'.repeat(399) + '🍰');
    expect(content).toHaveAccessibleDescription('400 / 400 characters');
    await user.paste('.');
    expect(content).toHaveAccessibleDescription(
      '401 / 400 characters Content text can have at most 400 characters (it has 401); shorten it by 1.',
    );
    await user.click(dialog.getByRole('button', { name: 'Save Slide' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(content).toHaveFocus();
  });

  it('marks an older slide whose text is already over the limit as soon as it is opened', () => {
    const { dialog } = renderModal(slide({ content: 'Old copy. '.repeat(45) }));
    expect(dialog.getByLabelText('Content text')).toHaveAttribute('aria-invalid', 'true');
    expect(
      dialog.getByText('Content text can have at most 400 characters (it has 450); shorten it by 50.'),
    ).toBeVisible();
  });
});
