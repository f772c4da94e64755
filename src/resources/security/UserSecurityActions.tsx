import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import { useRecordContext, useTranslate } from 'react-admin';
import { ConfirmedButton } from '../shared/ConfirmedButton';
import { useApiAction } from '../shared/useApiAction';
import { endUserSessions, resetUserTwoFactor } from './calls';

interface User {
  id: number;
  name: string;
}

/** The notice of an action done for a user, naming them. */
const doneFor = (message: string) => ({ success: (_: unknown, user: User) => ({ message, args: { name: user.name } }) });

/**
 * The admin's help for a user (on the user's edit page): turn off two-factor for a lost phone, and
 * end every session. Both ask first; both are audited by the server.
 */
export function UserSecurityActions() {
  const record = useRecordContext<User>();
  const translate = useTranslate();
  const resetTwoFactor = useApiAction((user: User) => resetUserTwoFactor(user.id), doneFor('security.admin.reset_done'));
  const endSessions = useApiAction((user: User) => endUserSessions(user.id), doneFor('security.admin.end_sessions_done'));
  if (!record) return null;
  return (
    <>
      <ConfirmedButton
        label="security.admin.reset"
        icon={<LockResetIcon />}
        title={translate('security.admin.reset_title', { name: record.name })}
        content={translate('security.admin.reset_content', { name: record.name })}
        onConfirm={() => resetTwoFactor.run(record)}
      />
      <ConfirmedButton
        label="security.admin.end_sessions"
        icon={<LogoutIcon />}
        title={translate('security.admin.end_sessions_title', { name: record.name })}
        content={translate('security.admin.end_sessions_content', { name: record.name })}
        onConfirm={() => endSessions.run(record)}
      />
    </>
  );
}
