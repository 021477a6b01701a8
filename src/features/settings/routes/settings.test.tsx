import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@tests/setup/render';
import { SettingsRoute } from './settings';

describe('settings', () => {
  it('shows the sections with every control disabled and says they are not available yet', () => {
    renderRoutes([{ path: '/dashboard/settings', element: <SettingsRoute /> }], { url: '/dashboard/settings' });
    expect(screen.getByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    for (const name of ['Profile', 'Notifications', 'Display defaults']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(screen.getByText('These settings are a preview: they cannot be changed or saved yet.')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toBeDisabled();
    expect(screen.getByLabelText('A screen goes offline')).toBeDisabled();
    expect(screen.getByLabelText('Default orientation')).toBeDisabled();
    for (const button of screen.getAllByRole('button', { name: 'Save changes' })) expect(button).toBeDisabled();
  });
});
