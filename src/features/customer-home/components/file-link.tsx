import type { LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { focusRing } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { signedUrl } from '@/lib/storage';
import { cn } from '@/utils/cn';
import { customerFilePath } from '../api/get-my-customer';

/** Customer-file links live 60 seconds, so each one is made when it is clicked. */
export const CUSTOMER_FILE_LINK_SECONDS = 60;

export interface FileLinkProps {
  /** The stored value (a customer-files path, possibly starting with 'customer-files/'). */
  path: string;
  icon: LucideIcon;
  children: ReactNode;
}

/** Opens a customer file in a new tab through a fresh signed link. */
export function FileLink({ path, icon: Icon, children }: FileLinkProps) {
  const [opening, setOpening] = useState(false);

  const open = async () => {
    // The tab is opened during the click (browsers block it later) and pointed at the link once made.
    const tab = window.open('', '_blank');
    setOpening(true);
    try {
      const url = await signedUrl('customer-files', customerFilePath(path), CUSTOMER_FILE_LINK_SECONDS);
      if (url && tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        tab?.close();
      }
    } finally {
      setOpening(false);
    }
  };

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
