import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryBoundary } from '@/components/errors/query-boundary';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useToast } from '@/components/ui/toast';
import { requireTwoFactorQueryOptions, useSetRequireTwoFactor } from '../api/team';

/**
 * The network's require_two_factor: on, every team member needs a code from an authenticator
 * app at sign-in (those without one are led to set it up). The database lets only an admin
 * who signed in with a code of their own change it, so no one locks the team out.
 */
export function RequireTwoFactorCard() {
  const { t } = useTranslation('team');
  const required = useQuery(requireTwoFactorQueryOptions());
  const change = useSetRequireTwoFactor();
  const toast = useToast();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('twoFactor.title')}</CardTitle>
        <CardDescription>{t('twoFactor.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <QueryBoundary query={required} loading={<Skeleton className="h-6 w-80" />} error={t('twoFactor.loadFailed')}>
          {(on) => (
            <div className="flex items-center gap-3">
              <Switch
                id="require-two-factor"
                checked={on}
                disabled={change.isPending}
                onCheckedChange={(next) =>
                  change.mutate(next, {
                    onSuccess: () =>
                      toast({
                        tone: 'success',
                        title: next ? t('twoFactor.nowRequired') : t('twoFactor.nowOptional'),
                      }),
                  })
                }
              />
              <Label htmlFor="require-two-factor">{t('twoFactor.switch')}</Label>
            </div>
          )}
        </QueryBoundary>
        {change.error && <Alert tone="danger">{change.error.message}</Alert>}
      </CardContent>
    </Card>
  );
}
