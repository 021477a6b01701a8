import { ExternalLink, FileText, Image } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { customerFileLink } from '../lib/customer-files';

export interface CustomerFileLinkProps {
  kind: 'photo' | 'agreement';
  path: string;
}

/**
 * Opens a customer's file in a new tab through a one-minute signed link made at the
 * moment of the click (a link made at page load could have run out by then). The tab
 * is opened first, inside the click, so pop-up blockers allow it; the link follows.
 */
export function CustomerFileLink({ kind, path }: CustomerFileLinkProps) {
  const toast = useToast();
  const [opening, setOpening] = useState(false);
  const label = kind === 'photo' ? 'View Location Photo' : 'View Agreement';
  const Icon = kind === 'photo' ? Image : FileText;

  const open = async () => {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    setOpening(true);
    try {
      const url = await customerFileLink(path);
      if (url && tab) {
        tab.location.href = url;
      } else if (url) {
        window.location.assign(url);
      } else {
        tab?.close();
        toast({ tone: 'danger', title: 'Could not open the file', description: 'Please try again.' });
      }
    } finally {
      setOpening(false);
    }
  };

  return (
    <Button variant="outline" onClick={() => void open()} isLoading={opening}>
      {!opening && <Icon aria-hidden className="size-4" />}
      {label}
      <ExternalLink aria-hidden className="size-3.5 text-gray-400" />
      <span className="sr-only">(opens in a new tab)</span>
    </Button>
  );
}
