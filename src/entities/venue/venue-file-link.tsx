import { ExternalLink, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, focusRing } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/utils/cn';
import { customerFileLink, uploadedFileName } from './venue-files';

export interface VenueFileLinkProps {
  /** The stored value (a customer-files path, possibly with 'customer-files/' in front). */
  path: string;
  icon: LucideIcon;
  children: ReactNode;
  /** 'button' (the admin's customer page) or 'link' (the venue's own home). */
  appearance?: 'button' | 'link';
  /** Called when no link could be made (the file is gone or access was refused). */
  onUnavailable?: () => void;
}

/**
 * Opens a venue's file in a new tab through a one-minute signed link made at the moment of
 * the click (a link made at page load could have run out by then). The tab is opened first,
 * inside the click, so pop-up blockers allow it; the link follows.
 */
export function VenueFileLink(props: VenueFileLinkProps) {
  const name = uploadedFileName(props.path);
  if (!name) return <FileLinkControl {...props} />;
  // The name the file was uploaded with, beside the control (not in its name: the control says what the file is).
  return (
    <span className="inline-flex max-w-full flex-wrap items-center gap-x-2 gap-y-1">
      <FileLinkControl {...props} />
      <span className="min-w-0 truncate text-sm text-gray-500">{name}</span>
    </span>
  );
}

function FileLinkControl({ path, icon: Icon, children, appearance = 'link', onUnavailable }: VenueFileLinkProps) {
  const { t } = useTranslation('customers');
  const [opening, setOpening] = useState(false);

  const open = async () => {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    setOpening(true);
    try {
      const url = await customerFileLink(path);
      if (url && tab) {
        tab.location.href = url;
      } else if (url && appearance === 'button') {
        window.location.assign(url);
      } else if (!url) {
        tab?.close();
        onUnavailable?.();
      }
    } finally {
      setOpening(false);
    }
  };

  if (appearance === 'button') {
    return (
      <Button variant="outline" onClick={() => void open()} isLoading={opening}>
        {!opening && <Icon aria-hidden className="size-4" />}
        {children}
        <ExternalLink aria-hidden className="size-3.5 text-gray-400" />
        <span className="sr-only">{t('venueFiles.newTab')}</span>
      </Button>
    );
  }
  return (
    <button
      type="button"
      onClick={() => void open()}
      aria-busy={opening || undefined}
      className={cn(
        'inline-flex cursor-pointer items-center gap-2 rounded text-sm font-medium text-brand-600 hover:underline',
        focusRing,
      )}
    >
      {opening ? <Spinner size="sm" /> : <Icon aria-hidden className="size-4" />}
      {children}
    </button>
  );
}
