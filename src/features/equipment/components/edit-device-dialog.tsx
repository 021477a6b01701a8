import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
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
  };
}

export interface EditDeviceDialogProps {
  device: Device;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Rename a device, move it to another venue, set its orientation. A failed save keeps the edits. */
export function EditDeviceDialog({ device, open, onOpenChange }: EditDeviceDialogProps) {
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
          toast({ tone: 'success', title: `${values.device_name} saved` });
          onOpenChange(false);
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit device</DialogTitle>
          <DialogDescription>Its name on this page, its venue and how the screen hangs.</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
          <Field label="Screen name" error={errors.device_name?.message}>
            {(c) => <Input {...c} maxLength={100} {...form.register('device_name')} />}
          </Field>
          <ScreenFields register={form.register} errors={errors} enabled={open} noVenue="No venue" />
          {update.isError && <Alert tone="danger">{update.error.message}</Alert>}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" isLoading={update.isPending}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
