import type { appAuthEn } from './app.auth.en';
import { languageNames } from './locales';

/**
 * The portal's own messages in English: the reference every other language must match key for
 * key (tests/unit/i18n.test.ts). react-admin's own `ra.*` messages come from the language packs.
 */
export const appEn = {
  title: 'Members Portal',
  page_title: '%{page} — Members Portal',
  loading: 'Loading…',
  retry: 'Try again',
  // Each language is named in its own language, the same in every file.
  languages: languageNames,
  menu: {
    home: 'Dashboard',
    members: 'Members',
    member_requests: 'Member requests',
    users: 'Users',
    products: 'Products',
    properties: 'Properties',
    product_groups: 'Product groups',
    orders: 'Orders',
    create_order: 'New order',
    reps: 'Reps',
    marketing: 'Marketing',
    email_templates: 'Email templates',
    mailing_lists: 'Mailing lists',
    my_client: 'My account',
    my_rep: 'My clients',
    more: 'More',
  },
  menu_group: {
    sales: 'Sales',
    members: 'Members & leads',
    catalogue: 'Catalogue',
    billing: 'Billing',
    marketing: 'Marketing & mail',
    administration: 'Administration',
  },
  // The user menu's button shows the name: its accessible name holds it (WCAG 2.5.3).
  user_menu: '%{name}, profile',
  pages: {
    home: 'Dashboard',
    members: 'Members',
    member_requests: 'Member requests',
    users: 'Users',
    products: 'Products',
    properties: 'Properties',
    product_groups: 'Product groups',
    product_group: 'Product group',
    orders: 'Orders',
    order: 'Order',
    create_order: 'New order',
    reps: 'Reps',
    rep: 'Rep',
    rep_client: 'Client of rep',
    client: 'Member',
    marketing: 'Marketing',
    email_templates: 'Email templates',
    mailing_lists: 'Mailing lists',
    mailing_list: 'Mailing list',
    login: 'Sign in',
    forgot_password: 'Forgot password',
    reset_password: 'Reset password',
    not_found: 'Page not found',
    track_order: 'Track your order',
    register: 'Register',
    complete_membership: 'Complete your membership',
  },
  upcoming: {
    title: 'Not available yet',
    body: 'This screen is part of a later release of the portal. Everything you can already use is in the menu.',
  },
  dates: {
    date_hint: 'Day month year, e.g. %{example}',
    date_time_hint: 'Day month year and 24-hour time, e.g. %{example}',
    invalid_date: 'Write a whole date, e.g. %{example}',
    invalid_date_time: 'Write a whole date and time, e.g. %{example}',
  },
  /** Role names as people read them (the roles table's display_name is English only). */
  roles: {
    admin: 'Administrator',
    stockist: 'Stockist',
    individual: 'Individual',
    production: 'Production',
    reseller: 'Reseller (rep)',
  },
  layout: {
    language: 'Language',
    branch: 'Branch',
    no_branch: 'No branch',
    layout: 'Menu layout',
    horizontal: 'Menu across the top',
    vertical: 'Menu at the side',
    signed_in_as: 'Signed in as %{name}',
    skip_to_content: 'Skip to content',
    select_rows: 'Select',
    done_selecting: 'Done',
  },
  not_found: {
    title: 'Sorry, page not found',
    back: 'Back to Dashboard',
  },
  public: {
    track_intro: 'Follow the progress of your order.',
    register_intro: 'Ask to become a member.',
    complete_intro: 'Finish setting up your membership.',
  },
};

/** Every language's `app.*`: the shell's part above and the sign-in pages' (i18n/app.auth.en.ts). */
export type AppMessages = typeof appEn & { auth: typeof appAuthEn };
