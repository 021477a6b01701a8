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
import { contentMatchesType } from '@/lib/file-signature';
import { useUploadSlideImage } from '../api/media';
import {
  DURATION,
  isSlideType,
  PRIORITY,
  SLIDE_NEWS_CATEGORIES,
  REFRESH_INTERVAL,
  showsImage,
  SLIDE_TYPE_LABELS,
  SLIDE_TYPES,
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
  const upload = useUploadSlideImage();

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
    onSave({
      ...slide,
      content: isDynamic ? null : slide.content,
      image_url: showsImage(slide.slide_type) ? slide.image_url : null,
      duration: numbers.value.duration,
      priority: numbers.value.priority,
      settings,
    });
  };

  const onFile = async (file: File | null) => {
    setUploadMessage(null);
    upload.reset();
    if (!file) return;
    if (!file.type.startsWith('image/') || !(await contentMatchesType(file))) {
      setUploadMessage('Please choose an image file');
      return;
    }
    upload.mutate(file, {
      onSuccess: (path) => {
        set({ image_url: path });
        setUploadMessage('Image uploaded successfully!');
      },
    });
  };

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
            <Field label="Slide image" hint="An image file (JPG, PNG, GIF or WebP).">
              {(control) => (
                <FileInput
                  {...control}
                  accept="image/*"
                  buttonLabel={upload.isPending ? 'Uploading...' : 'Upload image'}
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
                <Button variant="ghost" size="sm" onClick={() => set({ image_url: null })}>
                  <X aria-hidden className="size-4" />
                  Remove image
                </Button>
              )}
            </div>
            {upload.isError && <Alert tone="danger">{uploadErrorText(upload.error)}</Alert>}
            {uploadMessage && (
              <Alert tone={uploadMessage.startsWith('Please') ? 'danger' : 'success'}>{uploadMessage}</Alert>
            )}
            {slide.image_url ? (
              <div className="h-40 w-64 overflow-hidden rounded-md border border-gray-200">
                <SlideImage path={slide.image_url} alt="Slide image preview" />
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
        <Field label="Duration (seconds)" hint={`${DURATION.min} to ${DURATION.max}.`} error={errors.duration}>
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
        onSelect={(path) => {
          set({ image_url: path });
          setLibraryOpen(false);
        }}
      />
    </form>
  );
}
