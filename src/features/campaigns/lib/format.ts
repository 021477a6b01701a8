// Formatting used by the campaign screens.

/** 'business_info' → 'Business Info'. */
export const humanize = (value: string) =>
  value
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
