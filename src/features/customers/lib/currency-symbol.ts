import { intlLocale } from '@/i18n';
import { networkCurrency } from '@/lib/format';

/** The network currency's sign in the current language ('$' in English, 'US$' in Spanish), for a field's label. */
export function currencySymbol(): string {
  const parts = new Intl.NumberFormat(intlLocale(), { style: 'currency', currency: networkCurrency() }).formatToParts(
    0,
  );
  return parts.find((part) => part.type === 'currency')?.value ?? networkCurrency();
}
