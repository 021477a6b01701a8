import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
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
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { DEVICE_NAME_MAX } from '@/entities/device/device-rules';
import { LoopSecondsField } from '@/entities/device/loop-seconds-field';
import type { Device } from '../api/equipment';
import {
  deviceEditSchema,
  useUpdateDevice,
  type DeviceEditInput,
  type DeviceEditValues,
} from '../api/screen-mutations';
import { ScreenFields } from './screen-fields';

function valuesOf(device: Device): DeviceEditInput {
  return {
    device_name: device.device_name ?? '',
    customer_id: device.customer_id ?? '',
    orientation: device.orientation === 'portrait' ? 'portrait' : 'landscape',
    loop_seconds: device.loop_seconds ?? 300,
  };
}

/** An overbooking refusal (PT409): the loop or the venue the screen would have. */
const isOverbooking = (error: Error) =>
  typeof error.cause === 'object' && error.cause !== null && 'code' in error.cause && error.cause.code === 'PT409';

export interface EditDeviceDialogProps {
  device: Device;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Rename a device, move it to another venue, set its orientation and its loop length. A failed
 * save keeps the edits; a loop or venue that would overbook the screen is refused at its field.
 */
export function EditDeviceDialog({ device, open, onOpenChange }: EditDeviceDialogProps) {
  const { t } = useTranslation(['equipment', 'common']);
  const update = useUpdateDevice();
  const toast = useToast();
  const form = useForm<DeviceEditInput, unknown, DeviceEditValues>({
    resolver: zodResolver(deviceEditSchema),
    defaultValues: valuesOf(device),
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) {
      form.reset(valuesOf(device));
      update.reset();
    }
    // Only when the dialog opens: edits stay while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(
      { id: device.id ?? '', values },
      {
        onSuccess: () => {
          toast({ tone: 'success', title: t('edit.saved', { name: values.device_name }) });
          onOpenChange(false);
        },
        onError: (error) => {
          if (!isOverbooking(error)) return;
          const field = values.loop_seconds !== (device.loop_seconds ?? 300) ? 'loop_seconds' : 'customer_id';
          form.setError(field, { message: error.message }, { shouldFocus: true });
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('edit.title')}</DialogTitle>
          <DialogDescription>{t('edit.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
          <Field label={t('fields.screenName')} error={errors.device_name?.message}>
            {(c) => <Input {...c} maxLength={DEVICE_NAME_MAX} {...form.register('device_name')} />}
          </Field>
          <ScreenFields register={form.register} errors={errors} enabled={open} noVenue={t('edit.noVenue')} />
          <LoopSecondsField
            label={t('edit.loopLabel')}
            hint={t('edit.loopHint')}
            registration={form.register('loop_seconds', { valueAsNumber: true })}
            error={errors.loop_seconds?.message}
          />
          {update.isError && !isOverbooking(update.error) && <Alert tone="danger">{update.error.message}</Alert>}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={update.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" isLoading={update.isPending}>
              {t('common:actions.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
