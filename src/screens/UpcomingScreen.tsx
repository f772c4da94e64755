import ConstructionIcon from '@mui/icons-material/Construction';
import { Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { usePortalTitle } from './usePortalTitle';

/**
 * A route whose screen is not built yet. The route, its guard and its title are
 * real; the page says plainly that the content is not there yet.
 */
export default function UpcomingScreen({ page }: { page: string }) {
  const translate = useTranslate();
  const title = usePortalTitle(page);
  return (
    <Card>
      <Title title={title} />
      <CardContent sx={{ textAlign: 'center', py: 6 }}>
        <ConstructionIcon color="disabled" sx={{ fontSize: 56 }} />
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography variant="subtitle1">{translate('app.upcoming.title')}</Typography>
        <Typography color="text.secondary">{translate('app.upcoming.body')}</Typography>
      </CardContent>
    </Card>
  );
}
