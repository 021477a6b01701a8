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
import { venueOptionsQuery } from '@/entities/venue/venue-options';
import { useBulkCampaigns, type BulkCampaignAction, type TargetKind } from '../api/bulk-campaigns';
import { networkTargetKeys } from '../api/network-targets';

export type BulkCampaignKind = BulkCampaignAction['kind'];

const TITLES: Record<BulkCampaignKind, string> = {
  pause: 'Pause',
  resume: 'Resume',
  delete: 'Delete',
  retarget: 'Retarget',
};

const DESCRIPTIONS: Record<BulkCampaignKind, string> = {
  pause: 'Paused campaigns stop playing from the screens’ next loop until they are resumed.',
  resume:
    'Resumed campaigns play again (those whose first day is still to come are scheduled). A network campaign that would overbook a screen stops the whole change.',
  delete: 'Deleted campaigns leave the screens with their slides and schedules. This cannot be undone.',
  retarget:
    'The network campaigns play only on what you choose here, instead of their targets now. A venue’s own campaign in the selection stops the whole change.',
};

const TARGET_KINDS: { value: TargetKind; label: string }[] = [
  { value: 'customer_id', label: 'A venue (all its screens)' },
  { value: 'group_id', label: 'A screen group' },
  { value: 'device_id', label: 'One screen' },
];

const plural = (n: number) => `${n} ${n === 1 ? 'campaign' : 'campaigns'}`;

export interface BulkCampaignsDialogProps {
  kind: BulkCampaignKind | null;
  campaignIds: readonly string[];
  onOpenChange: (open: boolean) => void;
  /** Called once the change is saved (the selection is cleared). */
  onDone: () => void;
}

/** One bulk action on the chosen campaigns, after asking: one call, all of them or none. */
export function BulkCampaignsDialog({ kind, onOpenChange, ...props }: BulkCampaignsDialogProps) {
  return (
    <Dialog open={kind !== null} onOpenChange={onOpenChange}>
      {kind && <BulkForm key={kind} kind={kind} onOpenChange={onOpenChange} {...props} />}
    </Dialog>
  );
}

function BulkForm({ kind, campaignIds, onOpenChange, onDone }: BulkCampaignsDialogProps & { kind: BulkCampaignKind }) {
  const retarget = kind === 'retarget';
  const [target, setTarget] = useState<TargetKind>('customer_id');
  const [targetId, setTargetId] = useState('');
  const [missing, setMissing] = useState(false);
  const venues = useQuery({ ...venueOptionsQuery(), enabled: retarget && target === 'customer_id' });
  const groups = useQuery({ ...networkTargetKeys.groups(), enabled: retarget && target === 'group_id' });
  const screens = useQuery({ ...networkTargetKeys.screens(), enabled: retarget && target === 'device_id' });
  const options =
    target === 'customer_id'
      ? (venues.data ?? []).map((v) => ({ value: v.id, label: v.name }))
      : target === 'group_id'
        ? (groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))
        : (screens.data ?? []).map((s) => ({ value: s.id, label: `${s.device_name} · ${s.customer_name}` }));
  const bulk = useBulkCampaigns();
  const toast = useToast();
  const count = plural(campaignIds.length);

  const submit = () => {
    let action: BulkCampaignAction;
    if (retarget) {
      const chosen = options.find((o) => o.value === targetId);
      if (!chosen) {
        setMissing(true);
        return;
      }
      action = { kind, target, id: chosen.value, name: chosen.label };
    } else {
      action = { kind };
    }
    bulk.mutate(
      { ids: [...campaignIds], action },
      {
        onSuccess: (summary) => {
          toast({ tone: 'success', title: summary });
          onDone();
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <DialogContent role={kind === 'delete' ? 'alertdialog' : 'dialog'}>
      <DialogHeader>
        <DialogTitle>
          {TITLES[kind]} {count}
        </DialogTitle>
        <DialogDescription>{DESCRIPTIONS[kind]}</DialogDescription>
      </DialogHeader>
      {retarget && (
        <div className="space-y-3">
          <Field label="Play on">
            {(control) => (
              <Select
                {...control}
                options={TARGET_KINDS}
                value={target}
                onChange={(event) => {
                  setTarget(event.target.value as TargetKind);
                  setTargetId('');
                }}
              />
            )}
          </Field>
          <Field label="Which" error={missing ? 'Choose where the campaigns play' : undefined}>
            {(control) => (
              <Select
                {...control}
                placeholder="Choose…"
                options={options}
                value={targetId}
                onChange={(event) => {
                  setTargetId(event.target.value);
                  setMissing(false);
                }}
              />
            )}
          </Field>
        </div>
      )}
      {bulk.isError && (
        <Alert tone="danger" className="mt-4">
          {bulk.error.message}
        </Alert>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={bulk.isPending}>
          Cancel
        </Button>
        <Button variant={kind === 'delete' ? 'danger' : 'primary'} isLoading={bulk.isPending} onClick={submit}>
          {TITLES[kind]} {count}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
