import { UpcomingPublicPage } from './UpcomingPublicPage';

export default function TrackOrder() {
  return <UpcomingPublicPage page="track_order" intro="app.public.track_intro" />;
}
