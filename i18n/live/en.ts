/** Messages of the live screens: a record saved by someone else while it is being edited. */
export const liveEn = {
  live: {
    saved_elsewhere: 'Someone else saved this record after you opened it. Reload to see their changes; what you typed here is not saved yet.',
    reload: 'Reload',
    stale_save: 'Someone else saved this record after you opened it, so your save was refused and nothing was written. Reload to see their changes, then make yours again.',
  },
};
