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
import { ORIENTATIONS, type Orientation } from '@/entities/device/device-rules';
import { venueOptionsQuery } from '@/entities/venue/venue-options';
import { bulkSummary, useBulkScreens, type BulkScreenAction } from '../api/bulk-screens';

export type BulkScreenKind = BulkScreenAction['kind'];

export interface BulkScreensDialogProps {
  kind: BulkScreenKind | null;
  deviceIds: readonly string[];
  onOpenChange: (open: boolean) => void;
  /** Called once the change is saved (the selection is cleared). */
  onDone: () => void;
}

/**
 * One bulk action on the chosen screens: move them to a venue, set their orientation, revoke
 * or delete them (these two ask first and say what follows). One call, all of them or none.
 */
export function BulkScreensDialog({ kind, onOpenChange, ...props }: BulkScreensDialogProps) {
  return (
    <Dialog open={kind !== null} onOpenChange={onOpenChange}>
      {kind && <BulkForm key={kind} kind={kind} onOpenChange={onOpenChange} {...props} />}
    </Dialog>
  );
}

function BulkForm({ kind, deviceIds, onOpenChange, onDone }: BulkScreensDialogProps & { kind: BulkScreenKind }) {
  const { t } = useTranslation(['equipment', 'common']);
  const venues = useQuery({ ...venueOptionsQuery(), enabled: kind === 'move' });
  const bulk = useBulkScreens();
  const toast = useToast();
  const [venueId, setVenueId] = useState('');
  const [orientation, setOrientation] = useState<Orientation>('landscape');
  const [missing, setMissing] = useState(false);
  const title = t(`bulk.title.${kind}`, { count: deviceIds.length });

  const submit = () => {
    let action: BulkScreenAction;
    if (kind === 'move') {
      const venue = venues.data?.find((v) => v.id === venueId);
      if (!venue) {
        setMissing(true);
        return;
      }
      action = { kind, customerId: venue.id, venueName: venue.name };
    } else if (kind === 'orientation') {
      action = { kind, orientation };
    } else {
      action = { kind };
    }
    bulk.mutate(
      { ids: [...deviceIds], action },
      {
        onSuccess: (changed) => {
          toast({ tone: 'success', title: bulkSummary(action, changed) });
          onDone();
          onOpenChange(false);
        },
      },
    );
  };

  const destructive = kind === 'revoke' || kind === 'delete';
  return (
    <DialogContent role={destructive ? 'alertdialog' : 'dialog'}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{t(`bulk.description.${kind}`)}</DialogDescription>
      </DialogHeader>
      {kind === 'move' && (
        <Field label={t('bulk.venue')} error={missing ? t('bulk.chooseVenue') : undefined}>
          {(control) => (
            <Select
              {...control}
              placeholder={venues.isPending ? t('bulk.loadingVenues') : t('bulk.venuePlaceholder')}
              options={(venues.data ?? []).map((v) => ({ value: v.id, label: v.name }))}
              value={venueId}
              onChange={(event) => {
                setVenueId(event.target.value);
                setMissing(false);
              }}
            />
          )}
        </Field>
      )}
      {kind === 'orientation' && (
        <Field label={t('orientation.label')}>
          {(control) => (
            <Select
              {...control}
              options={ORIENTATIONS.map((o) => ({ value: o, label: t(`orientation.options.${o}`) }))}
              value={orientation}
              onChange={(event) => setOrientation(event.target.value as Orientation)}
            />
          )}
        </Field>
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
        <Button variant={destructive ? 'danger' : 'primary'} isLoading={bulk.isPending} onClick={submit}>
          {title}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
