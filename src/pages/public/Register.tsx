import { UpcomingPublicPage } from './UpcomingPublicPage';

export default function Register() {
  return <UpcomingPublicPage page="register" intro="app.public.register_intro" />;
}
