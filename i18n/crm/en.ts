/** The messages of the CRM screens: marketing banners (issue: banners). */
export const crmEn = {
  resources: {
    marketing: {
      name: 'Banner |||| Banners',
      fields: {
        title: 'Title',
        image: 'Image',
        image_url: 'Image',
        link_url: 'Link',
        active_from: 'Shown from',
        active_to: 'Shown until',
        position: 'Position',
        active: 'Active',
        q: 'Search',
        active_now: 'Shown now',
      },
    },
  },
  crm: {
    banners: {
      link_hint: 'Optional: an http(s) address (opens in a new tab) or a path on this portal, e.g. /products',
      window_hint: 'Optional: leave empty for no limit',
      image_hint: 'PNG, JPEG, WebP or GIF, at most 2 MB',
      replace_hint: 'Optional: a new picture replaces the current one (PNG, JPEG, WebP or GIF, at most 2 MB)',
      current_image: 'Current image',
      image_rejected: 'That file was not accepted: use a PNG, JPEG, WebP or GIF picture of at most 2 MB',
      member_section: 'News and offers',
      validation: {
        link_url: 'Use an http(s) address or a path on this portal starting with /',
        active_to: 'The end must not be before the start',
      },
    },
  },
};
