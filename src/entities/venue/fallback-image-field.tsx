// The fallback image a wall plays when nothing is on air: the network's default (Settings)
// or a venue's own (its page). An image uploaded here goes to the ad-images bucket under
// fallbacks/, where the screens' cache keeps it like any slide's image.
import { ImageOff, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FileInput } from '@/components/ui/file-input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { displayFileName, formatFileSize, uniqueFileName, uploadFile, useSignedUrl } from '@/lib/storage';
import { AD_IMAGES_BUCKET, MEDIA_MAX_BYTES, MEDIA_MIME_TYPES } from '@/entities/slide/slide-images';

/** Where uploaded fallback images are kept in the ad-images bucket. */
export const FALLBACK_FOLDER = 'fallbacks/';

export interface FallbackImageFieldProps {
  label: string;
  hint: string;
  /** The image chosen now (a path in ad-images), or null. */
  path: string | null;
  /** Saves the new choice (null: none); rejects with a readable error. */
  onSave: (path: string | null) => Promise<unknown>;
  /** What plays when none is chosen here, said under the field. */
  noneText: string;
  disabled?: boolean;
}

export function FallbackImageField({ label, hint, path, onSave, noneText, disabled = false }: FallbackImageFieldProps) {
  const { t } = useTranslation('customers');
  const id = useId();
  const preview = useSignedUrl(AD_IMAGES_BUCKET, path);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('fallbackField.saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  const choose = (file: File | null) => {
    if (!file) return;
    if (!MEDIA_MIME_TYPES.image.includes(file.type)) {
      setError(t('fallbackField.notImage'));
      return;
    }
    if (file.size > MEDIA_MAX_BYTES.image) {
      setError(
        t('fallbackField.tooBig', { size: formatFileSize(file.size), max: formatFileSize(MEDIA_MAX_BYTES.image) }),
      );
      return;
    }
    void run(async () => {
      const stored = await uploadFile(AD_IMAGES_BUCKET, `${FALLBACK_FOLDER}${uniqueFileName(file)}`, file);
      await onSave(stored);
    });
  };

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <p className="text-xs text-gray-500">{hint}</p>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex aspect-video w-40 items-center justify-center overflow-hidden rounded-md border border-gray-200 bg-gray-950">
          {path && preview.data ? (
            <img
              src={preview.data}
              alt={t('fallbackField.preview', { label, name: displayFileName(path) })}
              className="size-full object-contain"
            />
          ) : path && preview.isPending ? (
            <Spinner />
          ) : (
            <ImageOff aria-hidden className="size-6 text-gray-500" />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <FileInput
            id={id}
            accept={MEDIA_MIME_TYPES.image.join(',')}
            buttonLabel={path ? t('fallbackField.replace') : t('fallbackField.upload')}
            fileName={path ? displayFileName(path) : null}
            onFileChange={choose}
            disabled={disabled || busy}
          />
          {path ? (
            <Button
              variant="outline"
              size="sm"
              disabled={disabled || busy}
              onClick={() => void run(() => onSave(null))}
            >
              <Trash2 aria-hidden className="size-4" />
              {t('fallbackField.stop')}
            </Button>
          ) : (
            <p className="text-sm text-gray-500">{noneText}</p>
          )}
          {busy && <p className="text-sm text-gray-500">{t('fallbackField.saving')}</p>}
        </div>
      </div>
      {error && <Alert tone="danger">{error}</Alert>}
    </div>
  );
}
