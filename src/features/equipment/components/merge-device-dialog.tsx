import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { venueDevicesQueryOptions } from '@/entities/device/venue-devices';
import type { Device } from '../api/equipment';
import { useMergeDevices } from '../api/screen-mutations';

export interface MergeDeviceDialogProps {
  device: Device;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Merges a device the old heartbeat made (one per browser) into the device it really was,
 * another device of the same venue: the campaigns that chose it, its plays and its alerts follow, then it is
 * deleted. The kept device's status is its own (merge_devices copies no report over).
 */
export function MergeDeviceDialog({ device, open, onOpenChange }: MergeDeviceDialogProps) {
  const { t } = useTranslation('equipment');
  const merge = useMergeDevices();
  const name = device.device_name ?? t('merge.thisDevice');
  const close = () => {
    merge.reset();
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !merge.isPending && (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('merge.title', { name })}</DialogTitle>
          <DialogDescription>{t('merge.description', { name })}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: each opening starts with no choice. */}
        <MergeForm device={device} merge={merge} onDone={close} />
      </DialogContent>
    </Dialog>
  );
}

interface MergeFormProps {
  device: Device;
  merge: ReturnType<typeof useMergeDevices>;
  onDone: () => void;
}

function MergeForm({ device, merge, onDone }: MergeFormProps) {
  const customerId = device.customer_id ?? '';
  const others = useQuery({
    ...venueDevicesQueryOptions(customerId),
    enabled: customerId !== '',
    select: (rows) => rows.filter((row) => row.id !== device.id),
  });
  const { t } = useTranslation(['equipment', 'common']);
  const toast = useToast();
  const [into, setInto] = useState('');
  const [missing, setMissing] = useState(false);
  const name = device.device_name ?? t('merge.thisDevice');
  const target = others.data?.find((row) => row.id === into);

  const onMerge = () => {
    if (!target) {
      setMissing(true);
      return;
    }
    // The merged device's card (and this dialog in it) goes as soon as the list hears of the
    // merge, often through Realtime before the call returns; mutate's callbacks would then
    // never run. The promise still settles, so the toast always comes.
    merge.mutateAsync({ from: device.id ?? '', into: target.id }).then(
      () => {
        toast({ tone: 'success', title: t('merge.merged', { name, target: target.device_name }) });
        onDone();
      },
      () => {
        // Shown in the dialog (merge.error).
      },
    );
  };

  return (
    <>
      {!customerId ? (
        <Alert tone="warning">{t('merge.needVenue')}</Alert>
      ) : (
        <Field
          label={t('merge.into')}
          error={
            missing
              ? t('merge.choose')
              : others.isError
                ? t('merge.loadFailed')
                : others.data?.length === 0
                  ? t('merge.noOthers')
                  : undefined
          }
        >
          {(c) => (
            <Select
              {...c}
              value={into}
              onChange={(event) => {
                setInto(event.target.value);
                setMissing(false);
              }}
              disabled={others.isPending}
              placeholder={others.isPending ? t('merge.loading') : t('merge.placeholder')}
              options={(others.data ?? []).map((row) => ({ value: row.id, label: row.device_name }))}
            />
          )}
        </Field>
      )}
      {merge.isError && <Alert tone="danger">{merge.error.message}</Alert>}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={merge.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button variant="danger" onClick={onMerge} isLoading={merge.isPending} disabled={!customerId}>
          {t('merge.submit')}
        </Button>
      </DialogFooter>
    </>
  );
}
