import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Eye, Layers, Plus, Save } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { bothQueries, FailedRead, QueryBoundary } from '@/components/errors/query-boundary';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { TruncatedText } from '@/components/ui/truncated-text';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { formatDuration } from '@/lib/format';
import { advertiserName, campaignKeys, type CampaignDetail } from '../api/campaigns';
import { overbookingOf } from '../api/campaign-mutations';
import { previewVenueKeys } from '../api/preview-venue';
import { SaveConflictError, saveErrorText, useSaveSlides } from '../api/save-slides';
import { CampaignStats } from '../components/campaign-stats';
import { ConflictDialog } from '../components/conflict-dialog';
import { LivePreview } from '../components/live-preview';
import { AirStatus } from '../components/air-status';
import { NetworkPlaysOnLine } from '../components/network-plays-on-line';
import { PlaysOnLine } from '../components/plays-on-line';
import { SlideModal } from '../components/slide-modal';
import { SlideTimeline } from '../components/slide-timeline';
import { useSavedElsewhere } from '../lib/use-saved-elsewhere';
import { slideFromRow, type Slide } from '@/entities/slide/slide';
import { slideTitle } from '../components/slide-row';
import {
  createSlide,
  deleteSlide,
  duplicateSlide,
  hasChanges,
  moveSlide,
  timelineStats,
  upsertSlide,
} from '../lib/timeline';
import type { Tables } from '@/types/database';
import { RecordHistory } from '@/entities/audit/record-history';

/** How long the green 'saved' toast stays. */
export const SAVE_TOAST_MS = 2500;

export function SlideBuilderRoute() {
  const { t } = useTranslation('builder');
  const { id = '' } = useParams();
  const campaign = useQuery(campaignKeys.detail(id));
  const slides = useQuery(campaignKeys.slides(id));

  return (
    <QueryBoundary
      query={bothQueries(campaign, slides)}
      loading={
        <div className="mx-auto max-w-7xl p-4 sm:p-6">
          <LoadingRegion label={t('page.loading')} className="space-y-4">
            <Skeleton className="h-16" />
            <div className="grid gap-4 lg:grid-cols-3">
              <div className="space-y-2 lg:col-span-2">
                <Skeleton className="h-14" />
                <Skeleton className="h-14" />
                <Skeleton className="h-14" />
              </div>
              <Skeleton className="h-64" />
            </div>
          </LoadingRegion>
        </div>
      }
      error={(failure) => (
        <div className="mx-auto max-w-7xl p-4 sm:p-6">
          <FailedRead title={t('page.loadFailed')} failure={failure} />
        </div>
      )}
    >
      {([detail, rows]) => <SlideBuilder campaign={detail} rows={rows} />}
    </QueryBoundary>
  );
}

function SlideBuilder({ campaign, rows }: { campaign: CampaignDetail; rows: Tables<'campaign_items'>[] }) {
  const { t } = useTranslation('builder');
  const saved = useMemo(() => rows.map(slideFromRow), [rows]);
  // The local edits; null while the builder shows the saved list unchanged.
  const [draft, setDraft] = useState<Slide[] | null>(null);
  const slides = draft ?? saved;
  const dirty = draft !== null && hasChanges(saved, draft);
  const stats = useMemo(() => timelineStats(slides), [slides]);
  const network = campaign.customer_id === null;
  // A network campaign's spot: one slide at a time, as long as its longest active slide (what the loop books).
  const spotSeconds = Math.max(0, ...slides.filter((slide) => slide.is_active).map((slide) => slide.duration));

  // The slide in the modal: a new one (not in the list until saved there), or a listed one by id.
  const [newSlide, setNewSlide] = useState<Slide | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = newSlide ?? slides.find((slide) => slide.id === editingId) ?? null;
  const closeModal = () => {
    setNewSlide(null);
    setEditingId(null);
  };
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const save = useSaveSlides();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [reloading, setReloading] = useState(false);

  /** The campaign's current updated_at, read afresh from the server. */
  const freshUpdatedAt = async () => {
    const fresh = await queryClient.fetchQuery({ ...campaignKeys.detail(campaign.id), staleTime: 0 });
    return fresh.updated_at;
  };

  const edit = useCallback(
    (change: (slides: Slide[]) => Slide[]) => setDraft((current) => change(current ?? saved)),
    [saved],
  );

  const onPreview = useCallback((slideId: string) => setPreviewId(slideId), []);
  const onDuplicate = useCallback((slideId: string) => edit((list) => duplicateSlide(list, slideId)), [edit]);
  const onEdit = useCallback((slideId: string) => setEditingId(slideId), []);
  const onDelete = useCallback((slideId: string) => setToDelete(slideId), []);
  const onMove = useCallback(
    (activeId: string, overId: string) => edit((list) => moveSlide(list, activeId, overId)),
    [edit],
  );

  const addSlide = () => setNewSlide(createSlide(campaign.id, slides));

  // Set in the same render as the click, before any answer (or Realtime's echo of the save) can arrive.
  const [saving, setSaving] = useState(false);
  // The campaign's updated_at after this builder's own last save, read back with the save.
  const [ownSavedAt, setOwnSavedAt] = useState<string | null>(null);
  const runSave = (expectedUpdatedAt: string | null) => {
    setSaving(true);
    save.mutate(
      { campaignId: campaign.id, slides, expectedUpdatedAt },
      {
        onSettled: () => setSaving(false),
        onSuccess: () => {
          setOwnSavedAt(queryClient.getQueryData(campaignKeys.detail(campaign.id).queryKey)?.updated_at ?? null);
          setDraft(null);
          setConflict(false);
          toast({ title: t('page.saved'), tone: 'success', duration: SAVE_TOAST_MS });
        },
        onError: (error) => {
          if (error instanceof SaveConflictError) setConflict(true);
          else console.error('Failed to save campaign slides', error);
        },
      },
    );
  };

  /** Reads the saved campaign and slides again (what someone else saved). */
  const refetchSaved = () =>
    Promise.all([
      queryClient.refetchQueries({ queryKey: campaignKeys.detail(campaign.id).queryKey, exact: true }),
      queryClient.refetchQueries({ queryKey: campaignKeys.slides(campaign.id).queryKey, exact: true }),
    ]);

  const reload = async () => {
    setReloading(true);
    try {
      await refetchSaved();
      setDraft(null);
      setPreviewId(null);
      setConflict(false);
      save.reset();
    } finally {
      setReloading(false);
    }
  };

  const overwrite = async () => {
    setReloading(true);
    try {
      runSave(await freshUpdatedAt());
    } finally {
      setReloading(false);
    }
  };

  // Someone else saved this campaign (heard through Realtime): with nothing unsaved here the
  // builder shows their version; with unsaved edits it says so, before a save is refused.
  const readingCampaign = useIsFetching({ queryKey: campaignKeys.detail(campaign.id).queryKey, exact: true }) > 0;
  const savedElsewhere = useSavedElsewhere(
    campaign.id,
    [campaign.updated_at, ownSavedAt],
    saving || reloading || readingCampaign,
  );
  useEffect(() => {
    if (!savedElsewhere || dirty) return;
    toast({ title: t('page.elsewhere.toastTitle'), description: t('page.elsewhere.toastDescription') });
    void refetchSaved().then(() => setDraft(null));
    // toast and refetchSaved are the same functions in effect; only a new save elsewhere decides this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [savedElsewhere, dirty]);

  // Ask before leaving with unsaved changes: in the app (router) and when closing the tab.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers want a return value to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const deleting = slides.find((slide) => slide.id === toDelete);

  // Dynamic slides' times in the preview are on the venue's clock (a network campaign: its first venue's).
  const networkVenue = useQuery({
    ...previewVenueKeys.ofNetworkCampaign(campaign.id, campaign.plays_on),
    enabled: network,
  });
  const previewVenue = network
    ? (networkVenue.data ?? null)
    : campaign.customers
      ? { name: campaign.customers.name, timeZone: campaign.customers.time_zone }
      : null;

  return (
    <div className="mx-auto max-w-7xl min-w-0 space-y-6 p-4 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <Button asChild variant="ghost" size="icon">
          <Link to={paths.dashboard.campaigns.list.getHref()} aria-label={t('page.back')}>
            <ArrowLeft aria-hidden className="size-5" />
          </Link>
        </Button>
        <div className="min-w-0 flex-1">
          <TruncatedText as="h1" className="text-2xl font-semibold text-gray-900">
            {campaign.name}
          </TruncatedText>
          <p className="text-sm text-gray-500" data-testid="builder-summary">
            {t('page.summary', { count: stats.total, duration: formatDuration(stats.totalDuration) })}
            {dirty && <span className="ml-2 font-medium text-warning-700"> {t('page.unsaved')}</span>}
          </p>
          {network ? (
            <>
              <NetworkPlaysOnLine
                campaignId={campaign.id}
                playsOn={campaign.plays_on}
                advertiser={advertiserName(campaign.advertisers)}
                spotsPerLoop={campaign.spots_per_loop}
              />
              <p className="text-sm text-gray-600" data-testid="spot-length">
                {spotSeconds > 0 ? t('page.spotWithLength', { seconds: spotSeconds }) : t('page.spotEmpty')}
              </p>
            </>
          ) : (
            <PlaysOnLine
              campaignId={campaign.id}
              playsOn={campaign.plays_on}
              venueName={campaign.customers?.name ?? null}
            />
          )}
          <AirStatus campaign={campaign} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={slides.length === 0}
            onClick={() => {
              if (!previewId && slides[0]) setPreviewId(slides[0].id);
              setPlaying(true);
            }}
          >
            <Eye aria-hidden className="size-4" />
            {t('page.preview')}
          </Button>
          <Button variant="outline" onClick={addSlide}>
            <Plus aria-hidden className="size-4" />
            {t('page.addSlide')}
          </Button>
          <Button onClick={() => runSave(campaign.updated_at)} isLoading={save.isPending}>
            {!save.isPending && <Save aria-hidden className="size-4" />}
            {save.isPending ? t('page.saving') : t('page.saveCampaign')}
          </Button>
        </div>
      </header>

      {savedElsewhere && dirty && (
        <Alert tone="warning" title={t('page.elsewhere.title')} data-testid="saved-elsewhere">
          <p>{t('page.elsewhere.body')}</p>
          <Button className="mt-3" size="sm" variant="outline" isLoading={reloading} onClick={() => void reload()}>
            {t('page.elsewhere.reload')}
          </Button>
        </Alert>
      )}

      {save.isError && !(save.error instanceof SaveConflictError) && (
        <Alert tone="danger" title={t('page.saveFailed.title')}>
          {saveErrorText(save.error)}
          {overbookingOf(save.error) && <span className="block"> {t('page.saveFailed.overbooked')}</span>}
        </Alert>
      )}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="min-w-0 lg:col-span-2" role="region" aria-labelledby="timeline-title">
          <CardHeader>
            <CardTitle id="timeline-title" className="text-base">
              {t('page.timeline')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            {slides.length === 0 ? (
              <EmptyState
                icon={Layers}
                title={t('page.empty.title')}
                description={t('page.empty.description')}
                action={
                  <Button onClick={addSlide}>
                    <Plus aria-hidden className="size-4" />
                    {t('page.empty.action')}
                  </Button>
                }
              />
            ) : (
              <SlideTimeline
                slides={slides}
                previewId={previewId}
                onMove={onMove}
                onPreview={onPreview}
                onDuplicate={onDuplicate}
                onEdit={onEdit}
                onDelete={onDelete}
              />
            )}
          </CardContent>
        </Card>
        <div className="min-w-0 space-y-6">
          <LivePreview
            slides={slides}
            currentId={previewId}
            playing={playing}
            onShow={setPreviewId}
            onPlayingChange={setPlaying}
            onClose={() => {
              setPlaying(false);
              setPreviewId(null);
            }}
            timeZone={previewVenue?.timeZone}
          />
          {network && previewVenue && (
            <p className="text-xs text-gray-500" data-testid="preview-clock">
              {t('page.previewClockFirst', { venue: previewVenue.name, timeZone: previewVenue.timeZone })}
            </p>
          )}
          <CampaignStats stats={stats} />
        </div>
      </div>

      <RecordHistory table="campaigns" rowId={campaign.id} />

      <SlideModal
        slide={editing}
        onCancel={closeModal}
        onSave={(slide) => {
          edit((list) => upsertSlide(list, slide));
          closeModal();
        }}
      />

      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('page.deleteDialog.title')}
        description={t('page.deleteDialog.description', { title: deleting ? slideTitle(deleting) : '' })}
        onConfirm={() => {
          if (toDelete) edit((list) => deleteSlide(list, toDelete));
          if (previewId === toDelete) setPreviewId(null);
          setToDelete(null);
        }}
      />

      <ConflictDialog
        open={conflict}
        isPending={save.isPending || reloading}
        onDismiss={() => setConflict(false)}
        onReload={() => void reload()}
        onOverwrite={() => void overwrite()}
      />

      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => !open && blocker.reset?.()}
        title={t('page.leave.title')}
        description={t('page.leave.description')}
        confirmLabel={t('page.leave.confirm')}
        cancelLabel={t('page.leave.cancel')}
        onConfirm={() => blocker.proceed?.()}
      />
    </div>
  );
}
