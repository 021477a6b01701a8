import { useTranslation } from 'react-i18next';
import { useAuth } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { cn } from '@/utils/cn';
import { isLocale, locales, setLocale, type Locale } from '@/i18n';

/** Keeps a signed-in login's choice on the server too, so it follows them to another device. */
async function keepForLogin(locale: Locale): Promise<void> {
  const { error } = await supabase.rpc('set_my_locale', { p_locale: locale });
  if (error) console.warn('The language choice is kept on this device only:', error.message);
}

export interface LanguageSelectProps {
  className?: string;
}

/**
 * The top bar's language control (admin, venue and advertiser screens alike): switches every
 * screen at once and remembers the choice on the device and, when signed in, for the login.
 */
export function LanguageSelect({ className }: LanguageSelectProps) {
  const { t, i18n } = useTranslation('common');
  const signedIn = useAuth().status === 'signed-in';

  return (
    <select
      aria-label={t('language.label')}
      title={t('language.choose')}
      value={i18n.language}
      onChange={(event) => {
        const locale = event.target.value;
        if (!isLocale(locale)) return;
        void setLocale(locale);
        if (signedIn) void keepForLogin(locale);
      }}
      className={cn(
        'h-9 cursor-pointer rounded-md border border-transparent bg-transparent px-1 text-sm font-medium text-gray-700 uppercase hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-primary-500 focus-visible:outline-none',
        className,
      )}
    >
      {locales.map((locale) => (
        <option key={locale} value={locale} lang={locale} label={locale.toUpperCase()}>
          {t(`language.names.${locale}`)}
        </option>
      ))}
    </select>
  );
}
