import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileInput } from '@/components/ui/file-input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/components/ui/error-state';
import { contentMatchesType } from '@/lib/file-signature';
import { storedFileName, uploadCustomerFile } from '@/entities/venue/venue-files';
import { customerFileRules, type CustomerFileField } from '../lib/customer-files';

export interface CustomerFileFieldProps {
  field: CustomerFileField;
  customerId: string;
  /** The stored path (form value). */
  value: string;
  onUploaded: (path: string) => void;
  /** Tells the form an upload is running, so it is not saved half-way. */
  onBusyChange: (busy: boolean) => void;
}

/**
 * Chooses and uploads one of the customer's files straight away, under the customer's id,
 * and reports '{field} uploaded successfully!' or 'Failed to upload {field}: {detail}'.
 * A file of the wrong type is refused before anything is sent.
 */
export function CustomerFileField({ field, customerId, value, onUploaded, onBusyChange }: CustomerFileFieldProps) {
  const { t } = useTranslation('customers');
  const id = useId();
  const rules = customerFileRules[field];
  const [refusal, setRefusal] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadCustomerFile(customerId, file),
    onMutate: () => onBusyChange(true),
    onSettled: () => onBusyChange(false),
    onSuccess: (path) => onUploaded(path),
  });

  const onFileChange = async (file: File | null) => {
    if (!file) return;
    // The type the browser gives comes from the name: the bytes must be that type too.
    if (!rules.allows(file) || !(await contentMatchesType(file))) {
      upload.reset();
      setRefusal(
        rules.allows(file) ? t('files.namedLikeOne', { refusal: rules.refusal(), name: file.name }) : rules.refusal(),
      );
      return;
    }
    setRefusal(null);
    upload.mutate(file);
  };

  const messageId = `${id}-message`;
  let message = null;
  if (refusal) {
    message = (
      <p id={messageId} role="alert" className="text-sm text-danger-700">
        {refusal}
      </p>
    );
  } else if (upload.isPending) {
    message = (
      <p id={messageId} role="status" className="text-sm text-gray-500">
        {t('files.uploading', { file: rules.lower() })}
      </p>
    );
  } else if (upload.isError) {
    message = (
      <p id={messageId} role="alert" className="text-sm text-danger-700">
        {t('files.uploadFailed', { file: rules.label(), detail: errorMessage(upload.error) })}
      </p>
    );
  } else if (upload.isSuccess) {
    message = (
      <p id={messageId} role="status" className="text-sm text-success-700">
        {t('files.uploaded', { file: rules.label() })}
      </p>
    );
  }

  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{rules.label()}</Label>
      <FileInput
        id={id}
        accept={rules.accept}
        fileName={storedFileName(value)}
        disabled={upload.isPending}
        invalid={Boolean(refusal) || upload.isError}
        aria-describedby={message ? messageId : undefined}
        buttonLabel={field === 'location_photo' ? t('files.chooseImage') : t('files.choosePdf')}
        onFileChange={(file) => void onFileChange(file)}
      />
      {message}
    </div>
  );
}
