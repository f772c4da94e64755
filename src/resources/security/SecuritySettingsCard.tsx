import { useTranslate } from 'react-admin';
import { ApiError } from '../../providers/http';
import { SwitchSettingCard } from '../shared/SwitchSettingCard';

/** The company's sign-in rule, on the company settings screen: two-factor required for admins. */
export function SecuritySettingsCard() {
  const translate = useTranslate();
  return (
    <SwitchSettingCard
      setting={{
        read: 'api/admin/securitysettings',
        save: 'api/admin/savesecuritysettings',
        field: 'require_two_factor_for_admins',
        title: 'security.settings.title',
        label: 'security.settings.require_for_admins',
        hint: 'security.settings.require_for_admins_hint',
        saved: 'security.settings.saved',
        failureMessage: (problem) => (problem instanceof ApiError && problem.status === 409 ? translate('security.settings.enrol_first') : null),
      }}
    />
  );
}
