import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { ConfirmedButton } from '../shared/ConfirmedButton';
import { endUserSessions, resetUserTwoFactor } from './calls';

/**
 * The admin's help for a user (on the user's edit page): turn off two-factor for a lost phone, and
 * end every session. Both ask first; both are audited by the server.
 */
export function UserSecurityActions() {
  const record = useRecordContext<{ id: number; name: string }>();
  const translate = useTranslate();
  const notify = useNotify();
  if (!record) return null;
  const run = (call: (id: number) => Promise<unknown>, done: string) => async () => {
    try {
      await call(record.id);
      notify(done, { type: 'success', messageArgs: { name: record.name } });
    } catch (failure) {
      notify((failure as Error).message || 'ra.notification.http_error', { type: 'error' });
    }
  };
  return (
    <>
      <ConfirmedButton
        label="security.admin.reset"
        icon={<LockResetIcon />}
        title={translate('security.admin.reset_title', { name: record.name })}
        content={translate('security.admin.reset_content', { name: record.name })}
        onConfirm={run(resetUserTwoFactor, 'security.admin.reset_done')}
      />
      <ConfirmedButton
        label="security.admin.end_sessions"
        icon={<LogoutIcon />}
        title={translate('security.admin.end_sessions_title', { name: record.name })}
        content={translate('security.admin.end_sessions_content', { name: record.name })}
        onConfirm={run(endUserSessions, 'security.admin.end_sessions_done')}
      />
    </>
  );
}
