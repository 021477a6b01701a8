import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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
  const merge = useMergeDevices();
  const name = device.device_name ?? 'this device';
  const close = () => {
    merge.reset();
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !merge.isPending && (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Merge {name} into another device</DialogTitle>
          <DialogDescription>
            For a device listed twice, for example once per browser that played on it. The campaigns that chose {name}{' '}
            play on the device you pick, its plays and alerts move to it, and {name} is deleted. The device you keep
            keeps its own status until it reports. This cannot be undone.
          </DialogDescription>
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
  const toast = useToast();
  const [into, setInto] = useState('');
  const [missing, setMissing] = useState(false);
  const name = device.device_name ?? 'this device';
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
        toast({ tone: 'success', title: `${name} merged into ${target.device_name}` });
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
        <Alert tone="warning">Give this device a venue first: only devices of the same venue can be merged.</Alert>
      ) : (
        <Field
          label="Merge into"
          error={
            missing
              ? 'Choose the device to keep'
              : others.isError
                ? 'The venue’s devices could not be loaded.'
                : others.data?.length === 0
                  ? 'This venue has no other device.'
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
              placeholder={others.isPending ? 'Loading devices...' : 'Select the device to keep'}
              options={(others.data ?? []).map((row) => ({ value: row.id, label: row.device_name }))}
            />
          )}
        </Field>
      )}
      {merge.isError && <Alert tone="danger">{merge.error.message}</Alert>}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={merge.isPending}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onMerge} isLoading={merge.isPending} disabled={!customerId}>
          Merge
        </Button>
      </DialogFooter>
    </>
  );
}
