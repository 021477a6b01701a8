import type { ReactNode } from 'react';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Label } from '@/components/ui/label';
import { REFRESH_INTERVAL } from '@/lib/dynamic-content';
import { TwoFactorSettings } from '../components/two-factor-settings';

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 md:grid-cols-2">{children}</CardContent>
      <CardFooter className="justify-end">
        <Button disabled>Save changes</Button>
      </CardFooter>
    </Card>
  );
}

function Toggle({ id, label }: { id: string; label: string }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <Label htmlFor={id}>{label}</Label>
      <Switch id={id} disabled />
    </div>
  );
}

/** The settings page: its sections and controls are shown but not yet wired to anything. */
export function SettingsRoute() {
  return (
    <ContentLayout title="Settings" description="Settings of the portal.">
      <Alert tone="info" title="Not available yet">
        These settings are a preview: they cannot be changed or saved yet.
      </Alert>
      <fieldset disabled className="space-y-6">
        <legend className="sr-only">Settings (not available yet)</legend>
        <Section title="Profile" description="Your name and e-mail address as shown in the portal.">
          <Field label="Full name">{(c) => <Input {...c} placeholder="Admin" disabled />}</Field>
          <Field label="Email">{(c) => <Input {...c} type="email" placeholder="admin@example.com" disabled />}</Field>
        </Section>
        <Section title="Notifications" description="Which events send you an e-mail.">
          <Toggle id="notify-offline" label="A screen goes offline" />
          <Toggle id="notify-alerts" label="New high-severity alerts" />
          <Toggle id="notify-advertisers" label="New advertisers waiting for approval" />
          <Toggle id="notify-weekly" label="Weekly summary" />
        </Section>
        <Section title="Display defaults" description="What new campaigns and slides start with.">
          <Field label="Default slide duration (seconds)">
            {(c) => <Input {...c} type="number" placeholder="10" disabled />}
          </Field>
          <Field label="Dynamic content refresh (seconds)">
            {(c) => <Input {...c} type="number" placeholder={String(REFRESH_INTERVAL.default)} disabled />}
          </Field>
          <Field label="Default orientation">
            {(c) => (
              <Select
                {...c}
                disabled
                options={[
                  { value: 'landscape', label: 'Landscape' },
                  { value: 'portrait', label: 'Portrait' },
                ]}
              />
            )}
          </Field>
        </Section>
      </fieldset>
      <TwoFactorSettings />
    </ContentLayout>
  );
}
