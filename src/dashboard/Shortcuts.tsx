import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { menuFor } from '../layout/menuItems';
import type { Core } from '../routes';

/** Who is signed in and where they can go. */
export function Shortcuts({ core }: { core: Core }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('app.layout.signed_in_as', { name: core.user.name })}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {menuFor(core)
            .filter((entry) => entry.to !== '/')
            .map((entry) => (
              <Button key={entry.label} component={Link} to={entry.to} variant="outlined" size="small" startIcon={<entry.icon />}>
                {translate(`app.menu.${entry.label}`)}
              </Button>
            ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
