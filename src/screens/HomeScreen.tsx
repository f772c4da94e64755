import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { menuFor } from '../layout/menuItems';
import { useCore } from '../providers/useCore';
import { usePortalTitle } from './usePortalTitle';

/** The home page: who is signed in and where they can go. The orders issue adds the dashboards. */
export default function HomeScreen() {
  const translate = useTranslate();
  const title = usePortalTitle('home');
  const core = useCore();
  if (!core) return null;
  return (
    <Card>
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('app.layout.signed_in_as', { name: core.user.name })}
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          {core.user.role.display_name ?? core.user.role.role_name}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
          {menuFor(core)
            .filter((entry) => entry.to !== '/')
            .map((entry) => (
              <Button key={entry.label} component={Link} to={entry.to} variant="outlined" startIcon={<entry.icon />}>
                {translate(`app.menu.${entry.label}`)}
              </Button>
            ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
