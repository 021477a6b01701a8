import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Copy, Eye, GripVertical, Pencil, Trash2 } from 'lucide-react';
import { memo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { translate } from '@/i18n';
import { Badge } from '@/components/ui/badge';
import { TruncatedText } from '@/components/ui/truncated-text';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/utils/cn';
import { mediaKindOf, slideTypeLabel, type Slide } from '@/entities/slide/slide';
import { mediaFileName } from '@/entities/slide/media-name';
import { slideMedia } from '@/entities/slide/slide-images';
import { SlideThumbnail } from './slide-image';
import { SlideTypeIcon } from './slide-type-icon';

/** Layering while a row is dragged, and while it settles after the drop. */
export const DRAG_Z_INDEX = 5000;
export const DROP_Z_INDEX = 4500;

export interface SlideRowActions {
  onPreview: (id: string) => void;
  onDuplicate: (id: string) => void;
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
}

export interface SlideRowProps extends SlideRowActions {
  slide: Slide;
  isPreviewed: boolean;
  isDropping: boolean;
}

/** A slide's title as lists show it ('Untitled Slide' in the current language when it has none). */
export const slideTitle = (slide: Pick<Slide, 'title'>) => slide.title?.trim() || translate('builder:slide.untitled');

const iconButton = cn(
  'inline-flex size-8 cursor-pointer items-center justify-center rounded text-gray-500 hover:bg-gray-100 hover:text-gray-900',
  focusRing,
);

/**
 * One timeline row. The sortable wrapper re-renders on every drag move (its transform);
 * the memoised content inside it only when its slide or actions change, which keeps long
 * lists smooth while dragging.
 */
export const SlideRow = memo(function SlideRow({ slide, isPreviewed, isDropping, ...actions }: SlideRowProps) {
  const { t } = useTranslation('builder');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: slide.id,
  });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    zIndex: isDragging ? DRAG_Z_INDEX : isDropping ? DROP_Z_INDEX : undefined,
    position: 'relative',
  };
  return (
    <li
      ref={setNodeRef}
      style={style}
      data-testid="slide-row"
      data-slide-id={slide.id}
      className={cn(
        'flex min-w-0 flex-wrap items-center gap-2 rounded-md border bg-white px-2 py-2.5 sm:flex-nowrap sm:gap-3 sm:px-3',
        isDragging ? 'border-brand-500 shadow-lg' : 'border-gray-200',
        isPreviewed && 'ring-2 ring-brand-100',
      )}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className={cn(
          'shrink-0 cursor-grab touch-none rounded p-1 text-gray-400 hover:text-gray-700 active:cursor-grabbing',
          focusRing,
        )}
        aria-label={t('row.reorder', { title: slideTitle(slide) })}
        {...attributes}
        {...listeners}
      >
        <GripVertical aria-hidden className="size-4" />
      </button>
      <SlideRowContent slide={slide} {...actions} />
    </li>
  );
});

const SlideRowContent = memo(function SlideRowContent({
  slide,
  onPreview,
  onDuplicate,
  onEdit,
  onDelete,
}: SlideRowActions & { slide: Slide }) {
  const { t } = useTranslation('builder');
  const title = slideTitle(slide);
  const media = slideMedia(slide);
  const typeLabel = slideTypeLabel(slide.slide_type);
  const meta = { seconds: slide.duration, priority: slide.priority };
  return (
    <>
      <span
        className="w-6 shrink-0 text-center text-sm font-semibold text-gray-500"
        aria-label={t('row.position', { position: slide.display_order })}
      >
        {slide.display_order}
      </span>
      <span
        className="flex size-8 shrink-0 items-center justify-center rounded bg-brand-50 text-brand-600"
        title={typeLabel}
      >
        <SlideTypeIcon type={slide.slide_type} className="size-4" />
        <span className="sr-only">{typeLabel}</span>
      </span>
      {media && (
        <SlideThumbnail
          path={media.path}
          kind={media.kind}
          label={t('row.file', { name: mediaFileName(media.path) })}
        />
      )}
      {/* At least 8rem for the title: on a phone the actions move to a line of their own instead. */}
      <div className="min-w-32 flex-1">
        <TruncatedText as="p" className="text-sm font-medium text-gray-900" data-testid="slide-title">
          {title}
        </TruncatedText>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-gray-500">
          <span>{media && mediaKindOf(slide) === 'video' ? t('row.videoMeta', meta) : t('row.meta', meta)}</span>
          <Badge tone={slide.content_type === 'dynamic' ? 'brand' : 'neutral'}>
            {t(`contentBadge.${slide.content_type}`)}
          </Badge>
        </p>
      </div>
      <div className="ml-auto flex shrink-0 items-center justify-end">
        <button
          type="button"
          className={iconButton}
          aria-label={t('row.preview', { title })}
          onClick={() => onPreview(slide.id)}
        >
          <Eye aria-hidden className="size-4" />
        </button>
        <button
          type="button"
          className={iconButton}
          aria-label={t('row.duplicate', { title })}
          onClick={() => onDuplicate(slide.id)}
        >
          <Copy aria-hidden className="size-4" />
        </button>
        <button
          type="button"
          className={iconButton}
          aria-label={t('row.edit', { title })}
          onClick={() => onEdit(slide.id)}
        >
          <Pencil aria-hidden className="size-4" />
        </button>
        <button
          type="button"
          className={cn(iconButton, 'hover:bg-danger-50 hover:text-danger-700')}
          aria-label={t('row.delete', { title })}
          onClick={() => onDelete(slide.id)}
        >
          <Trash2 aria-hidden className="size-4" />
        </button>
      </div>
    </>
  );
});
