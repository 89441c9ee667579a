import { SITE_EN } from '../../../features/site/content';
import { LandingPage } from '../../../features/site/components/landing-page';

export default function Page() {
  return <LandingPage content={SITE_EN} />;
}
