// Pairing and revoking wall screens (pair_screen / revoke_screen, admins only). A screen
// shows a pairing code on /screen; entering it here makes (or re-pairs) its device.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { deviceNameSchema, loopSecondsSchema, ORIENTATIONS } from '@/entities/device/device-rules';
import { invalidateTable } from '@/entities/query-keys/table-keys';
import { supabase } from '@/lib/supabase';
import { deviceFailure } from '@/entities/device/server-errors';
import { message, translate } from '@/i18n';

/** A code as people type it: any case, spaces and dashes allowed. */
export function normalizeCode(value: string): string {
  return value.toUpperCase().replace(/[\s-]/g, '');
}

export const pairScreenSchema = z.object({
  code: z
    .string()
    .transform(normalizeCode)
    .pipe(z.string().regex(/^[A-HJ-NP-Z2-9]{6}$/, message('equipment:add.codeInvalid'))),
  customer_id: z.string().min(1, message('equipment:add.venueRequired')),
  device_name: deviceNameSchema,
  orientation: z.enum(ORIENTATIONS),
});

export type PairScreenInput = z.input<typeof pairScreenSchema>;
export type PairScreenValues = z.output<typeof pairScreenSchema>;

/** A failed pairing, with the form field it concerns (when it concerns one). */
export class PairScreenError extends Error {
  constructor(
    message: string,
    readonly field: keyof PairScreenValues | null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export function usePairScreen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: PairScreenValues): Promise<string> => {
      const { data, error } = await supabase.rpc('pair_screen', {
        p_code: values.code,
        p_customer_id: values.customer_id,
        p_device_name: values.device_name,
        p_orientation: values.orientation,
      });
      if (error) {
        const field =
          error.code === 'P0002'
            ? 'code'
            : error.code === '22023'
              ? 'device_name'
              : error.code === '23503'
                ? 'customer_id'
                : null;
        throw new PairScreenError(deviceFailure(translate('equipment:add.failed'), error).message, field, {
          cause: error,
        });
      }
      return data;
    },
    onSuccess: () => invalidateTable(queryClient, 'equipment_status'),
  });
}

export function useRevokeScreen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deviceId: string) => {
      const { error } = await supabase.rpc('revoke_screen', { p_device_id: deviceId });
      if (error) throw deviceFailure(translate('equipment:card.revokeError'), error);
    },
    onSuccess: () => invalidateTable(queryClient, 'equipment_status'),
  });
}

export const deviceEditSchema = pairScreenSchema.pick({ device_name: true, orientation: true }).extend({
  customer_id: z.string(),
  loop_seconds: loopSecondsSchema,
});

export type DeviceEditInput = z.input<typeof deviceEditSchema>;
export type DeviceEditValues = z.output<typeof deviceEditSchema>;

/**
 * Renames a device, moves it to another venue (or none), sets its orientation and its loop.
 * A move or a shorter loop that would overbook the screen is refused by the database (PT409).
 */
export function useUpdateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: { id: string; values: DeviceEditValues }) => {
      const { error } = await supabase
        .from('equipment_status')
        .update({
          device_name: values.device_name,
          orientation: values.orientation,
          customer_id: values.customer_id || null,
          loop_seconds: values.loop_seconds,
        })
        .eq('id', id)
        .select('id')
        .single();
      if (error) throw deviceFailure(translate('equipment:edit.failed'), error);
    },
    onSuccess: () => invalidateTable(queryClient, 'equipment_status'),
  });
}

/** Deletes a device (a ghost the old heartbeat made, or a screen taken down); a paired screen goes back to its code. */
export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await supabase.from('equipment_status').delete().eq('id', id);
      if (error) throw deviceFailure(translate('equipment:card.deleteError'), error);
    },
    onSuccess: () => invalidateTable(queryClient, 'equipment_status'),
  });
}

/** Folds device `from` (an unpaired ghost) into `into`, a device of the same venue (merge_devices). */
export function useMergeDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ from, into }: { from: string; into: string }) => {
      const { error } = await supabase.rpc('merge_devices', { p_from: from, p_into: into });
      if (error) throw deviceFailure(translate('equipment:merge.failed'), error);
    },
    onSuccess: () => invalidateTable(queryClient, 'equipment_status'),
  });
}
