import { Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { BillingSettingsSection } from '../billing/BillingSettingsSection';
import { CourierTemplatesCard } from '../courier/CourierTemplatesCard';
import { EngagementSettingCard } from '../mailing-lists/EngagementSettingCard';
import { OfficerCard } from '../privacy/OfficerCard';
import { SecuritySettingsCard } from '../security/SecuritySettingsCard';

/**
 * /billing/settings (admin): the company's settings in one page. Each domain owns its section
 * (billing's documents and VAT rates, sign-in security, the information officer, mail engagement,
 * the couriers' tracking links);
 * this page only puts them one under another, so no domain's screen holds another's settings.
 */
export default function CompanySettingsScreen() {
  const title = usePortalTitle('billing_settings');
  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <BillingSettingsSection />
      <SecuritySettingsCard />
      <OfficerCard />
      <EngagementSettingCard />
      <CourierTemplatesCard />
    </Stack>
  );
}
