// Asked once on a browser where a venue opens /slides: which of its screens this is, or a
// new named one. The answer is kept on the browser (see api/device.ts); nothing is made
// until the venue says so, so a new browser never adds a device by itself.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { LogOut, Monitor, Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { QueryBoundary } from '@/components/errors/query-boundary';
import { ReconnectingScreen } from '@/components/kiosk/reconnecting-screen';
import { Button, focusRing } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { deviceNameSchema, ORIENTATIONS } from '@/entities/device/device-rules';
import { OrientationField } from '@/entities/device/orientation-field';
import { heartbeatAge } from '@/entities/device/heartbeat-age';
import { translate } from '@/i18n';
import { failureOr } from '@/lib/write-errors';
import { cn } from '@/utils/cn';
import { canBeChosen, chooseDevice, myScreensQueryOptions, useAddMyScreen } from '../api/device';
import { LoadingSlides } from './playlist-screen';

const newScreenSchema = z.object({ name: deviceNameSchema, orientation: z.enum(ORIENTATIONS) });
type NewScreenValues = z.infer<typeof newScreenSchema>;

export interface ChooseScreenProps {
  signOut: { run: () => void; pending: boolean };
}

export function ChooseScreen({ signOut }: ChooseScreenProps) {
  const { t } = useTranslation('player');
  const screens = useQuery(myScreensQueryOptions());
  const add = useAddMyScreen();
  const form = useForm<NewScreenValues>({
    resolver: zodResolver(newScreenSchema),
    defaultValues: { name: '', orientation: 'landscape' },
  });
  const { errors } = form.formState;

  const onAdd = form.handleSubmit((values) =>
    add.mutate(values, {
      onError: (error) => form.setError('name', { message: failureOr(translate('player:choose.addFailed'), error).message }),
    }),
  );

  return (
    <QueryBoundary
      query={screens}
      loading={<LoadingSlides />}
      error={(failure) => <ReconnectingScreen onRetry={failure.retry} retrying={failure.retrying} />}
    >
      {(list) => (
        <main className="fixed inset-0 overflow-y-auto bg-gray-950 p-6 text-white">
          <div className="mx-auto flex max-w-2xl flex-col gap-6 py-8">
            <header className="space-y-2">
              <h1 className="text-3xl font-semibold">{t('choose.title')}</h1>
              <p className="text-gray-300">{t('choose.intro')}</p>
            </header>

            {list.length > 0 ? (
              <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('choose.list')}>
                {list.map((screen) => (
                  <li key={screen.id}>
                    <button
                      type="button"
                      disabled={!canBeChosen(screen)}
                      onClick={() => screen.id && chooseDevice(screen.id)}
                      className={cn(
                        'flex w-full cursor-pointer items-start gap-3 rounded-lg border border-gray-700 bg-gray-900 p-4 text-left hover:border-brand-500 hover:bg-gray-800 disabled:cursor-not-allowed disabled:opacity-60',
                        focusRing,
                      )}
                    >
                      <Monitor aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-500" />
                      <span className="min-w-0">
                        <span className="block font-medium break-words">{screen.device_name}</span>
                        <span className="block text-sm text-gray-400">
                          {screen.paired
                            ? t('choose.paired')
                            : screen.revoked_at
                              ? t('choose.revoked')
                              : [screen.location, t('choose.lastSeen', { age: heartbeatAge(screen.last_heartbeat) })]
                                  .filter(Boolean)
                                  .join(' · ')}
                        </span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-gray-300">{t('choose.none')}</p>
            )}

            <form
              onSubmit={(event) => void onAdd(event)}
              noValidate
              className="space-y-4 rounded-lg bg-white p-5 text-gray-900"
            >
              <h2 className="text-lg font-semibold">{t('choose.add.title')}</h2>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label={t('choose.add.name')} error={errors.name?.message}>
                  {(c) => <Input {...c} placeholder={t('choose.add.placeholder')} maxLength={100} {...form.register('name')} />}
                </Field>
                <OrientationField registration={form.register('orientation')} error={errors.orientation?.message} />
              </div>
              <Button type="submit" isLoading={add.isPending}>
                {!add.isPending && <Plus aria-hidden className="size-4" />}
                {t('choose.add.submit')}
              </Button>
            </form>

            <div>
              <Button variant="outline" isLoading={signOut.pending} onClick={signOut.run}>
                {!signOut.pending && <LogOut aria-hidden className="size-4" />}
                {t('signOut')}
              </Button>
            </div>
          </div>
        </main>
      )}
    </QueryBoundary>
  );
}
