// Every route of the app in one place: `path` for the router, `getHref()` for links.

const withRedirect = (path: string, redirectTo?: string | null) =>
  redirectTo ? `${path}?redirectTo=${encodeURIComponent(redirectTo)}` : path;

export const paths = {
  home: { path: '/', getHref: () => '/' },

  auth: {
    signIn: { path: '/auth', getHref: (redirectTo?: string | null) => withRedirect('/auth', redirectTo) },
    callback: { path: '/auth/callback', getHref: () => '/auth/callback' },
    resetPassword: { path: '/auth/reset-password', getHref: () => '/auth/reset-password' },
    forgotPassword: { path: '/auth/forgot-password', getHref: () => '/auth/forgot-password' },
    setupPassword: {
      path: '/auth/setup-password',
      getHref: (email?: string) =>
        email ? `/auth/setup-password?email=${encodeURIComponent(email)}` : '/auth/setup-password',
    },
  },

  admin: {
    signIn: { path: '/admin', getHref: (redirectTo?: string | null) => withRedirect('/admin', redirectTo) },
  },

  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    customers: {
      list: { path: '/dashboard/customers', getHref: () => '/dashboard/customers' },
      add: { path: '/dashboard/customers/add', getHref: () => '/dashboard/customers/add' },
      edit: { path: '/dashboard/customers/edit/:id', getHref: (id: string) => `/dashboard/customers/edit/${id}` },
      view: { path: '/dashboard/customers/view/:id', getHref: (id: string) => `/dashboard/customers/view/${id}` },
    },
    advertisers: {
      list: { path: '/dashboard/advertisers', getHref: () => '/dashboard/advertisers' },
      add: { path: '/dashboard/advertisers/add', getHref: () => '/dashboard/advertisers/add' },
      edit: { path: '/dashboard/advertisers/edit/:id', getHref: (id: string) => `/dashboard/advertisers/edit/${id}` },
      view: { path: '/dashboard/advertisers/view/:id', getHref: (id: string) => `/dashboard/advertisers/view/${id}` },
      /** The printable statement of a month (yyyy-mm). */
      statement: {
        path: '/dashboard/advertisers/view/:id/statement/:month',
        getHref: (id: string, month: string) => `/dashboard/advertisers/view/${id}/statement/${month}`,
      },
    },
    campaigns: {
      list: { path: '/dashboard/campaigns', getHref: () => '/dashboard/campaigns' },
      add: { path: '/dashboard/campaigns/add', getHref: () => '/dashboard/campaigns/add' },
      edit: { path: '/dashboard/campaigns/edit/:id', getHref: (id: string) => `/dashboard/campaigns/edit/${id}` },
      builder: {
        path: '/dashboard/campaigns/builder/:id',
        getHref: (id: string) => `/dashboard/campaigns/builder/${id}`,
      },
      testDynamic: { path: '/dashboard/campaigns/test-dynamic', getHref: () => '/dashboard/campaigns/test-dynamic' },
    },
    equipment: {
      path: '/dashboard/equipment',
      /** With a device id: the page opens that screen's details. */
      getHref: (deviceId?: string) =>
        deviceId ? `/dashboard/equipment?device=${encodeURIComponent(deviceId)}` : '/dashboard/equipment',
    },
    // Screen groups and availability (network selling) ---------------------------------
    groups: { path: '/dashboard/groups', getHref: () => '/dashboard/groups' },
    availability: { path: '/dashboard/availability', getHref: () => '/dashboard/availability' },
    // -------------------------------------------------------------------------------------
    /** The alerts centre; with filters, the view they name (?state=unresolved: every alert not yet resolved). */
    alerts: {
      path: '/dashboard/alerts',
      getHref: (filters?: Record<string, string>) => {
        const query = new URLSearchParams(filters).toString();
        return query ? `/dashboard/alerts?${query}` : '/dashboard/alerts';
      },
    },
    reports: { path: '/dashboard/reports', getHref: () => '/dashboard/reports' },
    /** The audit trail; with a table and a record id, only that record's changes. */
    activity: {
      path: '/dashboard/activity',
      getHref: (filter?: { table: string; record?: string }) => {
        if (!filter) return '/dashboard/activity';
        const params = new URLSearchParams({ table: filter.table });
        if (filter.record) params.set('record', filter.record);
        return `/dashboard/activity?${params.toString()}`;
      },
    },
    settings: { path: '/dashboard/settings', getHref: () => '/dashboard/settings' },
    team: { path: '/dashboard/team', getHref: () => '/dashboard/team' },
  },

  /** A wall screen's kiosk entry point: its pairing code, then its venue's playlist. */
  screen: { path: '/screen', getHref: () => '/screen' },

  /** The advertiser's portal: their campaigns, plays, creatives and reports. */
  advertiser: {
    home: { path: '/advertiser', getHref: () => '/advertiser' },
    campaign: { path: '/advertiser/campaigns/:id', getHref: (id: string) => `/advertiser/campaigns/${id}` },
    report: {
      path: '/advertiser/campaigns/:id/report',
      getHref: (id: string, from?: string, to?: string) =>
        from && to ? `/advertiser/campaigns/${id}/report?from=${from}&to=${to}` : `/advertiser/campaigns/${id}/report`,
    },
    plays: { path: '/advertiser/plays', getHref: () => '/advertiser/plays' },
    creatives: { path: '/advertiser/creatives', getHref: () => '/advertiser/creatives' },
    statements: { path: '/advertiser/statements', getHref: () => '/advertiser/statements' },
    statement: {
      path: '/advertiser/statements/:month',
      getHref: (month: string) => `/advertiser/statements/${month}`,
    },
  },

  customer: {
    home: { path: '/home', getHref: () => '/home' },
    slides: { path: '/slides', getHref: () => '/slides' },
  },
} as const;
