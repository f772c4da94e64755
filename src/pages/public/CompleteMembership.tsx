import { UpcomingPublicPage } from './UpcomingPublicPage';

export default function CompleteMembership() {
  return <UpcomingPublicPage page="complete_membership" intro="app.public.complete_intro" />;
}
