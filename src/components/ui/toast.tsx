import * as ToastPrimitive from '@radix-ui/react-toast';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { cn } from '@/utils/cn';
import { focusRing } from './button';
import { useTranslation } from 'react-i18next';

const tones = {
  info: { classes: 'border-brand-100 bg-white text-gray-900', icon: 'text-brand-600', Icon: Info },
  success: {
    classes: 'border-success-200 bg-success-50 text-success-700',
    icon: 'text-success-600',
    Icon: CircleCheck,
  },
  danger: { classes: 'border-danger-200 bg-danger-50 text-danger-700', icon: 'text-danger-600', Icon: CircleAlert },
} as const;

export type ToastTone = keyof typeof tones;

export interface ToastOptions {
  title: string;
  description?: string;
  tone?: ToastTone;
  /** How long the toast stays, in milliseconds (default 4000). */
  duration?: number;
}

interface ToastItem extends Required<Omit<ToastOptions, 'description'>> {
  id: number;
  description?: string;
  open: boolean;
}

type ShowToast = (options: ToastOptions) => void;

const ToastContext = createContext<ShowToast | null>(null);

let nextId = 1;

/** Holds the toasts of the app and renders them (Radix Toast: announced, swipe or Escape to dismiss). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t: tr } = useTranslation('common');
  const [toasts, setToasts] = useState<ToastItem[]>([]);

  const show = useCallback<ShowToast>(({ title, description, tone = 'info', duration = 4000 }) => {
    const id = nextId++;
    setToasts((list) => [...list, { id, title, description, tone, duration, open: true }]);
  }, []);

  const close = useCallback((id: number) => {
    setToasts((list) => list.map((t) => (t.id === id ? { ...t, open: false } : t)));
    // Leave time for a closing animation, then forget it.
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), 300);
  }, []);

  const value = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={value}>
      <ToastPrimitive.Provider swipeDirection="right">
        {children}
        {toasts.map((t) => {
          const { classes, icon, Icon } = tones[t.tone];
          return (
            <ToastPrimitive.Root
              key={t.id}
              open={t.open}
              duration={t.duration}
              type={t.tone === 'danger' ? 'foreground' : 'background'}
              onOpenChange={(open) => !open && close(t.id)}
              className={cn('flex w-full items-start gap-3 rounded-md border p-4 text-sm shadow-lg', classes)}
            >
              <Icon aria-hidden className={cn('mt-0.5 size-4 shrink-0', icon)} />
              <div className="min-w-0 flex-1 space-y-1">
                <ToastPrimitive.Title className="font-medium">{t.title}</ToastPrimitive.Title>
                {t.description && (
                  <ToastPrimitive.Description className="break-words opacity-90">
                    {t.description}
                  </ToastPrimitive.Description>
                )}
              </div>
              <ToastPrimitive.Close
                aria-label={tr('dismiss')}
                className={cn(
                  'inline-flex size-6 cursor-pointer items-center justify-center rounded opacity-70 hover:opacity-100',
                  focusRing,
                )}
              >
                <X aria-hidden className="size-4" />
              </ToastPrimitive.Close>
            </ToastPrimitive.Root>
          );
        })}
        <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  );
}

/** Returns `toast(options)`, which shows a short message in the corner. Needs a ToastProvider above. */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside a ToastProvider');
  return show;
}
