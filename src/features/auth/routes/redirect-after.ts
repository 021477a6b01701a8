import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** Once `to` is set, goes there after `ms` milliseconds (replacing the current entry). */
export function useRedirectAfter(to: string | null, ms: number) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!to) return;
    const timer = setTimeout(() => void navigate(to, { replace: true }), ms);
    return () => clearTimeout(timer);
  }, [to, ms, navigate]);
}
