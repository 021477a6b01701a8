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
import { venueOptionsQuery } from '@/entities/venue/venue-options';
import { useBulkCampaigns, type BulkCampaignAction, type TargetKind } from '../api/bulk-campaigns';
import { networkTargetKeys } from '../api/network-targets';

export type BulkCampaignKind = BulkCampaignAction['kind'];

const TARGET_KINDS: readonly TargetKind[] = ['customer_id', 'group_id', 'device_id'];

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
  const { t } = useTranslation(['campaigns', 'common']);
  const retarget = kind === 'retarget';
  const targetKinds = TARGET_KINDS.map((value) => ({ value, label: t(`bulk.targetKinds.${value}`) }));
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
  const title = t(`bulk.${kind}.title`, { count: campaignIds.length });

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
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{t(`bulk.${kind}.description`)}</DialogDescription>
      </DialogHeader>
      {retarget && (
        <div className="space-y-3">
          <Field label={t('bulk.playOn')}>
            {(control) => (
              <Select
                {...control}
                options={targetKinds}
                value={target}
                onChange={(event) => {
                  setTarget(event.target.value as TargetKind);
                  setTargetId('');
                }}
              />
            )}
          </Field>
          <Field label={t('bulk.which')} error={missing ? t('bulk.whichMissing') : undefined}>
            {(control) => (
              <Select
                {...control}
                placeholder={t('bulk.choose')}
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
          {t('common:actions.cancel')}
        </Button>
        <Button variant={kind === 'delete' ? 'danger' : 'primary'} isLoading={bulk.isPending} onClick={submit}>
          {title}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
