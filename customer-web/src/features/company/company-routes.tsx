import { useLocation } from '@tanstack/react-router';
import { api } from '../../api';
import { CompanyWizard } from './company-wizard';
import { EyeHealthDayPage } from './eye-health-day-page';
import { CompanyLandingPage } from './landing-page';
import { RequisitionPage } from './requisition-page';
import { SignContractPage } from './sign-contract-page';

/** /b2b: the company section's front page. */
export function CompanyLandingRoute() {
  return <CompanyLandingPage />;
}

/** The company pages bound to the shop's API client (the pages take it as a prop for tests). */
export function CompanyWizardRoute() {
  return <CompanyWizard api={api} />;
}

/** The token comes in the URL fragment of the mailed link; a new one (another link) starts the page afresh. */
export function SignContractRoute() {
  const { hash } = useLocation();
  return <SignContractPage key={hash} api={api} />;
}

export function EyeHealthDayRoute() {
  return <EyeHealthDayPage api={api} />;
}

export function RequisitionRoute() {
  return <RequisitionPage api={api} />;
}
