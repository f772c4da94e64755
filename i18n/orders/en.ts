/** Messages of the orders screens (merged into i18n/en.ts). */
export const ordersEn = {
  orders: {
    comments: {
      title: 'Comments',
      new: 'New comment',
      add: 'Add comment',
      empty: 'No comments yet.',
      pages: 'Comment pages',
      load_failed: 'The comments could not be loaded.',
      save_failed: 'The comment could not be saved. Try again.',
    },
  },
};
