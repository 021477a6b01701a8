import { useQuery } from '@tanstack/react-query';
import { Check, Film, Grid2x2, ImageIcon, List, Pencil, Search, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, focusRing } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Alert } from '@/components/ui/alert';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/utils/cn';
import { formatDuration } from '@/lib/format';
import {
  campaignList,
  fileSize,
  mediaKeys,
  mediaUsageOptions,
  useDeleteMedia,
  useRenameMedia,
  type MediaChoice,
  type MediaItem,
} from '../api/media';

/** The library stops showing its loading state after this long, whatever the request does. */
export const MEDIA_LOADING_LIMIT_MS = 10_000;

export interface MediaLibraryModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the chosen file (its path in its bucket, and whether it is an image or a video). */
  onSelect: (choice: MediaChoice) => void;
}

export function MediaLibraryModal({ open, onOpenChange, onSelect }: MediaLibraryModalProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        {open && <MediaLibraryBody onCancel={() => onOpenChange(false)} onSelect={onSelect} />}
      </DialogContent>
    </Dialog>
  );
}

function MediaLibraryBody({ onCancel, onSelect }: { onCancel: () => void; onSelect: (choice: MediaChoice) => void }) {
  const { t } = useTranslation(['builder', 'common']);
  const media = useQuery(mediaKeys.list());
  const [timedOut, setTimedOut] = useState(false);
  const [search, setSearch] = useState('');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [selected, setSelected] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), MEDIA_LOADING_LIMIT_MS);
    return () => clearTimeout(timer);
  }, []);

  const loading = media.isPending && !timedOut;
  const items = media.data ?? [];
  const term = search.trim().toLowerCase();
  const shown = term ? items.filter((item) => item.title.toLowerCase().includes(term)) : items;
  const chosen = items.find((item) => item.imageUrl === selected) ?? null;

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('library.title')}</DialogTitle>
        <DialogDescription>{t('library.description')}</DialogDescription>
      </DialogHeader>
      <div className="flex items-center gap-2">
        <div className="relative flex-1">
          <Search aria-hidden className="pointer-events-none absolute top-3 left-3 size-4 text-gray-400" />
          <Input
            type="search"
            aria-label={t('library.search')}
            placeholder={t('library.searchPlaceholder')}
            className="pl-9"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="flex rounded-md border border-gray-300" role="group" aria-label={t('library.view')}>
          <button
            type="button"
            aria-label={t('library.gridView')}
            aria-pressed={view === 'grid'}
            className={cn('p-2', focusRing, view === 'grid' ? 'bg-gray-100 text-gray-900' : 'text-gray-500')}
            onClick={() => setView('grid')}
          >
            <Grid2x2 aria-hidden className="size-4" />
          </button>
          <button
            type="button"
            aria-label={t('library.listView')}
            aria-pressed={view === 'list'}
            className={cn('p-2', focusRing, view === 'list' ? 'bg-gray-100 text-gray-900' : 'text-gray-500')}
            onClick={() => setView('list')}
          >
            <List aria-hidden className="size-4" />
          </button>
        </div>
      </div>

      <div className="mt-4 max-h-[50vh] min-h-48 overflow-y-auto">
        {loading ? (
          <LoadingRegion label={t('library.loading')} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {Array.from({ length: 8 }, (_, index) => (
              <Skeleton key={index} className="aspect-square" />
            ))}
          </LoadingRegion>
        ) : items.length === 0 ? (
          <EmptyState icon={ImageIcon} title={t('library.emptyTitle')} description={t('library.emptyDescription')} />
        ) : shown.length === 0 ? (
          <EmptyState icon={Search} title={t('library.noMatchTitle')} description={t('library.noMatchDescription')} />
        ) : (
          <ul
            aria-label={t('library.files')}
            className={view === 'grid' ? 'grid grid-cols-2 gap-3 sm:grid-cols-4' : 'space-y-2'}
          >
            {shown.map((item) => (
              <MediaTile
                key={item.id}
                item={item}
                view={view}
                selected={item.imageUrl === selected}
                onSelect={() => setSelected(item.imageUrl)}
              />
            ))}
          </ul>
        )}
      </div>

      {chosen && (
        <FileActions
          key={chosen.imageUrl}
          item={chosen}
          onRenamed={(path) => setSelected(path)}
          onDeleted={() => setSelected(null)}
        />
      )}

      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          {t('common:actions.cancel')}
        </Button>
        <Button disabled={!chosen} onClick={() => chosen && onSelect({ path: chosen.imageUrl, kind: chosen.kind })}>
          {t('library.select')}
        </Button>
      </DialogFooter>
    </>
  );
}

/** Rename or delete the chosen file. A file a slide shows is not deleted: the slide would lose its image. */
function FileActions({
  item,
  onRenamed,
  onDeleted,
}: {
  item: MediaItem;
  onRenamed: (path: string) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('builder');
  const [action, setAction] = useState<'rename' | 'delete' | null>(null);
  const [name, setName] = useState(item.title);
  const rename = useRenameMedia();
  const remove = useDeleteMedia();
  const usage = useQuery({ ...mediaUsageOptions(item.imageUrl), enabled: action === 'delete' });
  const inUse = usage.data && usage.data.slides > 0;
  return (
    <section
      aria-label={t('library.file', { name: item.title })}
      className="mt-4 space-y-3 rounded-md border border-gray-200 p-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 flex-1 truncate text-sm font-medium text-gray-900" title={item.title}>
          {item.title}
        </p>
        <Button size="sm" variant="outline" onClick={() => setAction(action === 'rename' ? null : 'rename')}>
          <Pencil aria-hidden className="size-4" />
          {t('library.rename')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-danger-700 hover:bg-danger-50"
          onClick={() => setAction(action === 'delete' ? null : 'delete')}
        >
          <Trash2 aria-hidden className="size-4" />
          {t('library.delete')}
        </Button>
      </div>
      {action === 'rename' && (
        <form
          className="flex flex-wrap items-end gap-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!name.trim()) return;
            rename.mutate(
              { path: item.imageUrl, kind: item.kind, name },
              { onSuccess: (path) => (setAction(null), onRenamed(path)) },
            );
          }}
        >
          <Field
            label={t('library.newName')}
            className="min-w-48 flex-1"
            error={!name.trim() ? t('library.nameRequired') : rename.error?.message}
          >
            {(control) => <Input {...control} value={name} onChange={(event) => setName(event.target.value)} />}
          </Field>
          <Button type="submit" size="sm" isLoading={rename.isPending} disabled={!name.trim()}>
            {t('library.saveName')}
          </Button>
        </form>
      )}
      {action === 'delete' && (
        <div className="space-y-2 text-sm">
          {usage.isPending ? (
            <p role="status">{t('library.checking')}</p>
          ) : usage.isError ? (
            <Alert tone="danger">{t('library.checkFailed')}</Alert>
          ) : inUse ? (
            <Alert tone="warning">
              {t('library.inUse', { count: usage.data.slides, campaigns: campaignList(usage.data.campaigns) })}
            </Alert>
          ) : (
            <div className="flex flex-wrap items-center gap-2">
              <p className="flex-1">{t('library.confirmDelete')}</p>
              <Button
                size="sm"
                variant="danger"
                isLoading={remove.isPending}
                onClick={() => remove.mutate({ path: item.imageUrl, kind: item.kind }, { onSuccess: onDeleted })}
              >
                {t('library.deleteFile')}
              </Button>
            </div>
          )}
          {remove.isError && <Alert tone="danger">{remove.error.message || t('library.deleteFailed')}</Alert>}
        </div>
      )}
    </section>
  );
}

function MediaTile({
  item,
  view,
  selected,
  onSelect,
}: {
  item: MediaItem;
  view: 'grid' | 'list';
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation('builder');
  const Icon = item.kind === 'video' ? Film : ImageIcon;
  const thumbnail = item.signedUrl ? (
    <img src={item.signedUrl} alt="" className="h-full w-full object-cover" loading="lazy" />
  ) : (
    <Icon aria-hidden className="size-6 text-gray-400" />
  );
  return (
    <li>
      {/* Named by what it shows, in the order it is read (the file's name first), so the
          name holds all of its visible text; "video" is said at the end. The spaces between
          its parts keep the words of the name apart. */}
      <button
        type="button"
        aria-pressed={selected}
        onClick={onSelect}
        className={cn(
          'relative w-full overflow-hidden rounded-md border text-left',
          focusRing,
          selected ? 'border-brand-600 ring-2 ring-brand-500' : 'border-gray-200 hover:border-gray-400',
          view === 'grid' ? 'flex flex-col-reverse' : 'flex items-center gap-3 p-2',
        )}
      >
        {view === 'grid' ? (
          <>
            <span className="block truncate px-2 py-1 text-xs text-gray-700" title={item.title}>
              {item.title}
            </span>{' '}
            <span className="relative flex aspect-square items-center justify-center bg-gray-100">
              {thumbnail}
              {item.kind === 'video' && <VideoBadge path={item.imageUrl} className="absolute right-1 bottom-1" />}
            </span>
          </>
        ) : (
          <>
            <span className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded bg-gray-100">
              {thumbnail}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm text-gray-900" title={item.title}>
                {item.title}
              </span>{' '}
              <span className="block text-xs text-gray-500">{t('library.uploadedMedia')}</span>
            </span>{' '}
            {item.kind === 'video' && <VideoBadge path={item.imageUrl} />}{' '}
            {/* The spec's fixed label stands only where Storage gives no size. */}
            <span className="shrink-0 text-xs text-gray-500">
              {item.size === null ? t('library.sizeUnknown') : fileSize(item.size)}
            </span>
          </>
        )}
        {item.kind === 'video' && <span className="sr-only">{t('library.videoSuffix')}</span>}
        {selected && (
          <span className="absolute top-1 right-1 rounded-full bg-brand-600 p-0.5 text-white">
            <Check aria-hidden className="size-3" />
          </span>
        )}
      </button>
    </li>
  );
}

/** A video's mark and length (from its upload's metadata, else read from the video). */
function VideoBadge({ path, className }: { path: string; className?: string }) {
  const facts = useQuery(mediaKeys.video(path));
  const length = facts.data ? formatDuration(Math.round(facts.data.duration)) : null;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded bg-gray-900/75 px-1.5 py-0.5 text-xs text-white',
        className,
      )}
    >
      <Film aria-hidden className="size-3" />
      {length && <span data-testid="video-length">{length}</span>}
    </span>
  );
}
