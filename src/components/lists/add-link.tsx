import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';

export interface AddLinkProps {
  to: string;
  /** The action, such as 'Add Advertiser'. */
  children: ReactNode;
}

/** A primary button-styled link with a plus icon that opens an "add" form. */
export function AddLink({ to, children }: AddLinkProps) {
  return (
    <Button asChild>
      <Link to={to}>
        <Plus aria-hidden className="size-4" />
        {children}
      </Link>
    </Button>
  );
}
