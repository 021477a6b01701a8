import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Library, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { translate } from '@/i18n';
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
import { FileInput } from '@/components/ui/file-input';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { formatDuration } from '@/lib/format';
import { MEDIA_MAX_BYTES, MEDIA_MIME_TYPES } from '@/entities/slide/slide-images';
import { checkSlideFile, mediaKeys, megabytes, useUploadSlideMedia, type MediaChoice } from '../api/media';
import {
  DURATION,
  isSlideType,
  mediaKindOf,
  newsCategoryLabel,
  PRIORITY,
  SLIDE_NEWS_CATEGORIES,
  REFRESH_INTERVAL,
  showsImage,
  slideTypeLabel,
  SLIDE_TYPES,
  videoFit,
  videoSlideSeconds,
  type Slide,
} from '@/entities/slide/slide';
import { mediaFileName } from '@/entities/slide/media-name';
import { charCountText, textLimitError } from '@/entities/slide/slide-text';
import { parseSlideNumbers, type SlideNumberErrors } from '../lib/slide-schema';
import { changeSlideType, isTempId } from '../lib/timeline';
import { MediaLibraryModal } from './media-library-modal';
import { SlideAdField } from './slide-ad-field';
import { SlideImage } from './slide-image';

export interface SlideModalProps {
  /** The slide being edited; null closes the modal. */
  slide: Slide | null;
  onCancel: () => void;
  onSave: (slide: Slide) => void;
}

export function SlideModal({ slide, onCancel, onSave }: SlideModalProps) {
  return (
    <Dialog open={slide !== null} onOpenChange={(open) => !open && onCancel()}>
      {/* The header and the actions stay in view; the fields between them scroll (a phone, a short window). */}
      <DialogContent className="flex max-w-2xl flex-col overflow-hidden p-0">
        {slide && <SlideForm key={slide.id} initial={slide} onCancel={onCancel} onSave={onSave} />}
      </DialogContent>
    </Dialog>
  );
}

/** The upload failure as users see it: the message, or 'Failed to upload image'. */
const uploadErrorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : translate('builder:modal.uploadFailed');

const MEDIA_ACCEPT = [...MEDIA_MIME_TYPES.image, ...MEDIA_MIME_TYPES.video].join(',');

/** What the slide does with its video, for the duration field's hint. */
function videoLengthHint(videoSeconds: number, slideSeconds: number): string {
  const length = formatDuration(Math.round(videoSeconds));
  switch (videoFit(videoSeconds, slideSeconds)) {
    case 'cut':
      return translate('builder:modal.videoCut', { length, seconds: slideSeconds });
    case 'loops':
      return translate('builder:modal.videoLoops', { length });
    default:
      return translate('builder:modal.videoOnce', { length });
  }
}

function SlideForm({
  initial,
  onCancel,
  onSave,
}: {
  initial: Slide;
  onCancel: () => void;
  onSave: (slide: Slide) => void;
}) {
  const { t } = useTranslation(['builder', 'common']);
  const [slide, setSlide] = useState<Slide>(initial);
  // Numbers are kept as typed and checked on save: out of bounds is refused at the field.
  const [duration, setDuration] = useState(String(initial.duration));
  const [errors, setErrors] = useState<SlideNumberErrors>({});
  const [priority, setPriority] = useState(String(initial.priority));
  const [refresh, setRefresh] = useState(String(initial.settings.refresh_interval ?? REFRESH_INTERVAL.default));
  const [libraryOpen, setLibraryOpen] = useState(false);
  const [uploadMessage, setUploadMessage] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const upload = useUploadSlideMedia();
  const queryClient = useQueryClient();
  const kind = mediaKindOf(slide);
  // A video's length: from its upload, the library, or its stored metadata.
  const video = useQuery({ ...mediaKeys.video(slide.image_url ?? ''), enabled: kind === 'video' && !!slide.image_url });
  // The duration as typed, when it is a whole number the slide may have (else the hint says only the bounds).
  const typedSeconds = /^\d+$/.test(duration.trim()) ? Number(duration) : Number.NaN;
  const slideSeconds = typedSeconds >= DURATION.min && typedSeconds <= DURATION.max ? typedSeconds : null;

  const isDynamic = slide.content_type === 'dynamic';
  const set = (patch: Partial<Slide>) => setSlide((current) => ({ ...current, ...patch }));
  const setSetting = (patch: Partial<Slide['settings']>) =>
    setSlide((current) => ({ ...current, settings: { ...current.settings, ...patch } }));

  // Text over its limit is marked at its field as it is typed, and refused on save.
  const titleError = textLimitError('title', slide.title);
  const contentError = isDynamic ? undefined : textLimitError('content', slide.content);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const numbers = parseSlideNumbers({
      duration,
      priority,
      refresh_interval: isDynamic ? refresh : undefined,
    });
    setErrors(numbers.ok ? {} : numbers.errors);
    if (!numbers.ok || titleError || contentError) {
      // The first field in the form's order that needs fixing gets the focus (and scrolls into view).
      const wrong = {
        title: titleError,
        content: contentError,
        ...(numbers.ok ? {} : numbers.errors),
      };
      const first = (['title', 'content', 'refresh_interval', 'duration', 'priority'] as const).find(
        (name) => wrong[name],
      );
      if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const settings: Slide['settings'] = {};
    if (slide.slide_type === 'weather') settings.location = slide.settings.location ?? '';
    if (slide.slide_type === 'news') settings.category = slide.settings.category ?? 'general';
    if (isDynamic) settings.refresh_interval = numbers.value.refresh_interval;
    const imageUrl = showsImage(slide.slide_type) ? slide.image_url : null;
    onSave({
      ...slide,
      content: isDynamic ? null : slide.content,
      image_url: imageUrl,
      media_kind: imageUrl ? kind : 'image',
      duration: numbers.value.duration,
      priority: numbers.value.priority,
      settings,
    });
  };

  /** A file chosen for the slide: a video's own length becomes the slide's duration. */
  const applyMedia = (choice: MediaChoice) => {
    set({ image_url: choice.path, media_kind: choice.kind });
    if (choice.kind === 'video' && choice.video) {
      queryClient.setQueryData(mediaKeys.video(choice.path).queryKey, choice.video);
      setDuration(String(videoSlideSeconds(choice.video.duration)));
    }
  };

  const onFile = async (file: File | null) => {
    setUploadMessage(null);
    setRefusal(null);
    upload.reset();
    if (!file) return;
    const refused = await checkSlideFile(file);
    if (refused) {
      setRefusal(refused);
      return;
    }
    upload.mutate(file, {
      onSuccess: (choice) => {
        applyMedia(choice);
        setUploadMessage(choice.kind === 'video' ? t('modal.videoUploaded') : t('modal.imageUploaded'));
      },
    });
  };

  const onLibraryChoice = async (choice: MediaChoice) => {
    setLibraryOpen(false);
    setUploadMessage(null);
    setRefusal(null);
    const facts =
      choice.kind === 'video' ? await queryClient.fetchQuery(mediaKeys.video(choice.path)).catch(() => null) : null;
    applyMedia(facts ? { ...choice, video: facts } : choice);
  };

  const mediaError = refusal ?? (upload.isError ? uploadErrorText(upload.error) : undefined);
  const slideTypeOptions = SLIDE_TYPES.map((value) => ({ value, label: slideTypeLabel(value) }));
  const categoryOptions = SLIDE_NEWS_CATEGORIES.map((value) => ({ value, label: newsCategoryLabel(value) }));
  const mediaHint = t('modal.mediaHint', {
    imageMax: megabytes(MEDIA_MAX_BYTES.image),
    videoMax: megabytes(MEDIA_MAX_BYTES.video),
  });
  const durationBounds = { min: DURATION.min, max: DURATION.max };

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader className="mb-0 border-b border-gray-200 px-6 pt-6 pr-14 pb-4">
        <DialogTitle>{isTempId(initial.id) ? t('modal.addTitle') : t('modal.editTitle')}</DialogTitle>
        <DialogDescription>{t('modal.description')}</DialogDescription>
      </DialogHeader>
      <div className="grid min-h-0 flex-1 gap-4 overflow-y-auto px-6 py-4 sm:grid-cols-2" data-testid="slide-form-body">
        <Field
          label={t('modal.title')}
          className="sm:col-span-2"
          hint={charCountText('title', slide.title)}
          error={titleError}
        >
          {(control) => (
            <Input
              {...control}
              name="title"
              value={slide.title ?? ''}
              onChange={(e) => set({ title: e.target.value })}
            />
          )}
        </Field>
        <Field label={t('modal.slideType')}>
          {(control) => (
            <Select
              {...control}
              options={slideTypeOptions}
              value={slide.slide_type}
              onChange={(e) =>
                isSlideType(e.target.value) &&
                setSlide((s) => changeSlideType(s, e.target.value as Slide['slide_type']))
              }
            />
          )}
        </Field>
        <Field label={t('modal.contentType')}>
          {(control) => <Input {...control} readOnly value={t(`contentType.${slide.content_type}`)} />}
        </Field>

        {!isDynamic && (
          <Field
            label={t('modal.content')}
            className="sm:col-span-2"
            hint={charCountText('content', slide.content)}
            error={contentError}
          >
            {(control) => (
              <Textarea
                {...control}
                name="content"
                value={slide.content ?? ''}
                onChange={(e) => set({ content: e.target.value })}
              />
            )}
          </Field>
        )}

        {showsImage(slide.slide_type) && (
          <div className="space-y-2 sm:col-span-2">
            <Field label={t('modal.media')} hint={mediaHint} error={mediaError}>
              {(control) => (
                <FileInput
                  {...control}
                  accept={MEDIA_ACCEPT}
                  buttonLabel={upload.isPending ? t('modal.uploading') : t('modal.upload')}
                  disabled={upload.isPending}
                  fileName={slide.image_url ? mediaFileName(slide.image_url) : null}
                  onFileChange={(file) => void onFile(file)}
                />
              )}
            </Field>
            <div className="flex flex-wrap items-center gap-2">
              <Button variant="outline" size="sm" onClick={() => setLibraryOpen(true)}>
                <Library aria-hidden className="size-4" />
                {t('modal.chooseLibrary')}
              </Button>
              {slide.image_url && (
                <Button variant="ghost" size="sm" onClick={() => set({ image_url: null, media_kind: 'image' })}>
                  <X aria-hidden className="size-4" />
                  {kind === 'video' ? t('modal.removeVideo') : t('modal.removeImage')}
                </Button>
              )}
            </div>
            {upload.isPending && (
              <p role="status" className="text-sm text-gray-600">
                {upload.variables
                  ? t('modal.uploadingFile', {
                      name: upload.variables.name,
                      size: megabytes(upload.variables.size),
                    })
                  : t('modal.uploading')}
              </p>
            )}
            {uploadMessage && <Alert tone="success">{uploadMessage}</Alert>}
            {slide.image_url ? (
              <div className="h-40 w-64 overflow-hidden rounded-md border border-gray-200">
                <SlideImage
                  path={slide.image_url}
                  kind={kind}
                  alt={kind === 'video' ? t('modal.videoPreview') : t('modal.imagePreview')}
                />
              </div>
            ) : (
              <p className="flex items-center gap-2 text-sm text-gray-500">
                <ImagePlus aria-hidden className="size-4" /> {t('modal.noImage')}
              </p>
            )}
          </div>
        )}

        {slide.slide_type === 'weather' && (
          <Field label={t('modal.location')}>
            {(control) => (
              <Input
                {...control}
                placeholder={t('modal.locationPlaceholder')}
                value={slide.settings.location ?? ''}
                onChange={(e) => setSetting({ location: e.target.value })}
              />
            )}
          </Field>
        )}
        {slide.slide_type === 'news' && (
          <Field label={t('modal.newsCategory')}>
            {(control) => (
              <Select
                {...control}
                options={categoryOptions}
                value={slide.settings.category ?? 'general'}
                onChange={(e) => setSetting({ category: e.target.value })}
              />
            )}
          </Field>
        )}
        {isDynamic && (
          <Field
            label={t('modal.refresh')}
            hint={t('modal.refreshHint', {
              min: REFRESH_INTERVAL.min,
              max: REFRESH_INTERVAL.max,
              default: REFRESH_INTERVAL.default,
            })}
            error={errors.refresh_interval}
          >
            {(control) => (
              <Input
                {...control}
                name="refresh_interval"
                type="number"
                min={REFRESH_INTERVAL.min}
                max={REFRESH_INTERVAL.max}
                value={refresh}
                onChange={(e) => setRefresh(e.target.value)}
              />
            )}
          </Field>
        )}
        <SlideAdField className="sm:col-span-2" value={slide.ad_id ?? null} onChange={(ad_id) => set({ ad_id })} />
        <Field
          label={t('modal.duration')}
          hint={
            kind === 'video' && slide.image_url && showsImage(slide.slide_type) && video.data && slideSeconds !== null
              ? t('modal.durationWithVideo', {
                  ...durationBounds,
                  video: videoLengthHint(video.data.duration, slideSeconds),
                })
              : t('modal.bounds', durationBounds)
          }
          error={errors.duration}
        >
          {(control) => (
            <Input
              {...control}
              name="duration"
              type="number"
              min={DURATION.min}
              max={DURATION.max}
              value={duration}
              onChange={(e) => setDuration(e.target.value)}
            />
          )}
        </Field>
        <Field
          label={t('modal.priority')}
          hint={t('modal.bounds', { min: PRIORITY.min, max: PRIORITY.max })}
          error={errors.priority}
        >
          {(control) => (
            <Input
              {...control}
              name="priority"
              type="number"
              min={PRIORITY.min}
              max={PRIORITY.max}
              value={priority}
              onChange={(e) => setPriority(e.target.value)}
            />
          )}
        </Field>
      </div>
      <DialogFooter className="mt-0 border-t border-gray-200 px-6 py-4">
        <Button variant="outline" onClick={onCancel}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" disabled={upload.isPending}>
          {t('modal.save')}
        </Button>
      </DialogFooter>
      <MediaLibraryModal
        open={libraryOpen}
        onOpenChange={setLibraryOpen}
        onSelect={(choice) => void onLibraryChoice(choice)}
      />
    </form>
  );
}
