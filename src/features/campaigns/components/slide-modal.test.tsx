import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { restUrl, SUPABASE_URL } from '@tests/setup/supabase-mocks';
import { i18n } from '@/i18n';
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

describe('slide editor file name and languages', () => {
  const stored = 'ux-ad--1795705155623-0hmnxc1j.png';
  beforeEach(() => {
    server.use(
      http.post(`${SUPABASE_URL}/storage/v1/object/sign/:bucket`, async ({ request, params }) => {
        const { paths } = (await request.json()) as { paths: string[] };
        return HttpResponse.json(
          paths.map((path) => ({
            path,
            signedURL: `/object/sign/${String(params.bucket)}/${path}?token=t`,
            error: null,
          })),
        );
      }),
    );
  });

  it('shows the slide’s file by the name it was uploaded with, not its stored name', async () => {
    const { dialog } = renderModal(slide({ slide_type: 'advertisement', image_url: stored }));
    expect(dialog.getByText('ux-ad')).toBeVisible();
    expect(dialog.queryByText(stored)).not.toBeInTheDocument();
    expect(await dialog.findByRole('img', { name: 'Slide image preview' })).toBeInTheDocument();
  });

  it('speaks German: labels, the file limits in German numbers, and the refusal at the field', async () => {
    await i18n.changeLanguage('de');
    const { user, dialog, onSave } = renderModal(slide({ slide_type: 'advertisement', image_url: stored }));
    expect(screen.getByRole('dialog', { name: 'Folie bearbeiten' })).toBeInTheDocument();
    expect(dialog.getByText(/bis 5,0 MB oder ein Video \(MP4 oder WebM\) bis 100 MB\.$/)).toBeInTheDocument();
    expect(dialog.getByLabelText('Titel')).toHaveAccessibleDescription('10 / 80 Zeichen');
    const duration = dialog.getByLabelText('Dauer (Sekunden)');
    await user.clear(duration);
    await user.type(duration, '301');
    await user.click(dialog.getByRole('button', { name: 'Folie speichern' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(duration).toHaveAccessibleDescription(
      '5 bis 300. Die Dauer muss eine ganze Zahl von 5 bis 300 Sekunden sein.',
    );
    expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeVisible();
  });
});
