import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Library, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
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
  PRIORITY,
  SLIDE_NEWS_CATEGORIES,
  REFRESH_INTERVAL,
  showsImage,
  SLIDE_TYPE_LABELS,
  SLIDE_TYPES,
  videoFit,
  videoSlideSeconds,
  type Slide,
} from '@/entities/slide/slide';
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
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        {slide && <SlideForm key={slide.id} initial={slide} onCancel={onCancel} onSave={onSave} />}
      </DialogContent>
    </Dialog>
  );
}

const slideTypeOptions = SLIDE_TYPES.map((value) => ({ value, label: SLIDE_TYPE_LABELS[value] }));
const categoryOptions = SLIDE_NEWS_CATEGORIES.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));

/** The upload failure as users see it: the message, or 'Failed to upload image'. */
const uploadErrorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Failed to upload image';

const MEDIA_ACCEPT = [...MEDIA_MIME_TYPES.image, ...MEDIA_MIME_TYPES.video].join(',');
const MEDIA_HINT = `An image (JPG, PNG, GIF or WebP) up to ${megabytes(MEDIA_MAX_BYTES.image)}, or a video (MP4 or WebM) up to ${megabytes(MEDIA_MAX_BYTES.video)}.`;

/** What the slide does with its video, for the duration field's hint. */
function videoLengthHint(videoSeconds: number, slideSeconds: number): string {
  const length = formatDuration(Math.round(videoSeconds));
  switch (videoFit(videoSeconds, slideSeconds)) {
    case 'cut':
      return `The video is ${length} long: the slide ends it after ${slideSeconds} s.`;
    case 'loops':
      return `The video is ${length} long: it plays again from the start to fill the slide.`;
    default:
      return `The video is ${length} long: it plays once.`;
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
        setUploadMessage(choice.kind === 'video' ? 'Video uploaded successfully!' : 'Image uploaded successfully!');
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

  return (
    <form onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{isTempId(initial.id) ? 'Add New Slide' : 'Edit Slide'}</DialogTitle>
        <DialogDescription>Changes stay in the builder until you save the campaign.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Title" className="sm:col-span-2" hint={charCountText('title', slide.title)} error={titleError}>
          {(control) => (
            <Input
              {...control}
              name="title"
              value={slide.title ?? ''}
              onChange={(e) => set({ title: e.target.value })}
            />
          )}
        </Field>
        <Field label="Slide type">
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
        <Field label="Content type">
          {(control) => <Input {...control} readOnly value={isDynamic ? 'Dynamic' : 'Static'} />}
        </Field>

        {!isDynamic && (
          <Field
            label="Content text"
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
            <Field label="Slide image or video" hint={MEDIA_HINT} error={mediaError}>
              {(control) => (
                <FileInput
                  {...control}
                  accept={MEDIA_ACCEPT}
                  buttonLabel={upload.isPending ? 'Uploading...' : 'Upload image or video'}
                  disabled={upload.isPending}
                  fileName={slide.image_url}
                  onFileChange={(file) => void onFile(file)}
                />
              )}
            </Field>
            <div className="flex flex-wrap items-center gap-2">
              <Button variant="outline" size="sm" onClick={() => setLibraryOpen(true)}>
                <Library aria-hidden className="size-4" />
                Choose from Media Library
              </Button>
              {slide.image_url && (
                <Button variant="ghost" size="sm" onClick={() => set({ image_url: null, media_kind: 'image' })}>
                  <X aria-hidden className="size-4" />
                  {kind === 'video' ? 'Remove video' : 'Remove image'}
                </Button>
              )}
            </div>
            {upload.isPending && (
              <p role="status" className="text-sm text-gray-600">
                {upload.variables
                  ? `Uploading ${upload.variables.name} (${megabytes(upload.variables.size)})...`
                  : 'Uploading...'}
              </p>
            )}
            {uploadMessage && <Alert tone="success">{uploadMessage}</Alert>}
            {slide.image_url ? (
              <div className="h-40 w-64 overflow-hidden rounded-md border border-gray-200">
                <SlideImage
                  path={slide.image_url}
                  kind={kind}
                  alt={kind === 'video' ? 'Slide video preview' : 'Slide image preview'}
                />
              </div>
            ) : (
              <p className="flex items-center gap-2 text-sm text-gray-500">
                <ImagePlus aria-hidden className="size-4" /> No image chosen
              </p>
            )}
          </div>
        )}

        {slide.slide_type === 'weather' && (
          <Field label="Location">
            {(control) => (
              <Input
                {...control}
                placeholder="Enter city name"
                value={slide.settings.location ?? ''}
                onChange={(e) => setSetting({ location: e.target.value })}
              />
            )}
          </Field>
        )}
        {slide.slide_type === 'news' && (
          <Field label="News category">
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
            label="Refresh interval (seconds)"
            hint={`${REFRESH_INTERVAL.min} to ${REFRESH_INTERVAL.max}; default ${REFRESH_INTERVAL.default}.`}
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
          label="Duration (seconds)"
          hint={
            kind === 'video' && slide.image_url && showsImage(slide.slide_type) && video.data && slideSeconds !== null
              ? `${DURATION.min} to ${DURATION.max}. ${videoLengthHint(video.data.duration, slideSeconds)}`
              : `${DURATION.min} to ${DURATION.max}.`
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
        <Field label="Priority" hint={`${PRIORITY.min} to ${PRIORITY.max}.`} error={errors.priority}>
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
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={upload.isPending}>
          Save Slide
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
