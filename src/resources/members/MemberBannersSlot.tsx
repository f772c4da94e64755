import { Box, Card, CardActionArea, CardMedia, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

export interface ActiveBanner {
  id: number;
  title: string;
  image_url: string;
  link_url: string | null;
}

/** How many banners a member's page shows at most (the first by position). */
const SHOWN = 6;

/** A path on the portal opens in the same tab (through the router); an outside address in a new one. */
function BannerLink({ href, children }: { href: string | null; children: ReactNode }) {
  if (!href) return <>{children}</>;
  if (href.startsWith('/')) {
    return (
      <CardActionArea component={Link} to={href}>
        {children}
      </CardActionArea>
    );
  }
  return (
    <CardActionArea component="a" href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </CardActionArea>
  );
}

/**
 * The marketing banners shown right now (api/crm/banners answers members only those; the admin
 * asks for them with `active_now`), on a member's page. Nothing at all when there are none.
 */
export function MemberBannersSlot(_props: { clientId: number }) {
  const translate = useTranslate();
  const { data } = useGetList<ActiveBanner>('marketing', {
    pagination: { page: 1, perPage: SHOWN },
    sort: { field: 'position', order: 'ASC' },
    filter: { active_now: true },
  });
  if (!data?.length) return null;
  return (
    <Box component="section" aria-label={translate('crm.banners.member_section')} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fit, minmax(320px, 1fr))' } }}>
      {data.map((banner) => (
        <Card key={banner.id} variant="outlined" data-testid="member-banner">
          <BannerLink href={banner.link_url}>
            <CardMedia component="img" image={banner.image_url} alt={banner.title} sx={{ aspectRatio: '4 / 1', objectFit: 'cover' }} />
            <Typography variant="subtitle1" sx={{ px: 2, py: 1 }}>
              {banner.title}
            </Typography>
          </BannerLink>
        </Card>
      ))}
    </Box>
  );
}
