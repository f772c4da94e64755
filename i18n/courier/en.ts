/** Courier tracking: the courier's events on an order and its public tracking page, and the tracking link templates. */
export const courierEn = {
  courier: {
    tracking: {
      title: 'Courier tracking',
      none: 'No news from the courier yet.',
      follow: 'Follow %{waybill} on the courier’s site',
      opens_elsewhere: '(opens the courier’s site)',
    },
    templates: {
      title: 'Courier tracking links',
      hint: 'Each courier’s tracking page, with {waybill} where the waybill goes, e.g. https://www.courier.example/track?waybill={waybill}. Orders and their public tracking page then link to it.',
      courier: 'Courier',
      url_template: 'Tracking address',
      add: 'Add a courier',
      remove: 'Remove %{courier}',
      none: 'No courier has a tracking link yet.',
      save: 'Save tracking links',
      saved: 'Tracking links saved',
    },
  },
};
