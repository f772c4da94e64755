import { SwitchSettingCard, type SwitchSetting } from '../shared/SwitchSettingCard';

const setting: SwitchSetting = {
  read: 'api/crm/engagementsettings',
  save: 'api/crm/saveengagementsettings',
  field: 'tie_engagement_to_members',
  title: 'engagement.settings.title',
  label: 'engagement.settings.tie',
  hint: 'engagement.settings.tie_hint',
  saved: 'engagement.settings.saved',
};

/** On the company settings screen: whether opens and clicks of campaign mail are recorded per member (off by default). */
export function EngagementSettingCard() {
  return <SwitchSettingCard setting={setting} />;
}
