import type { Api } from '../../api';
import { loginHref, registerHref, useSession } from '../account/session';
import { cartText } from './messages';
import './subscription-notice.css';

/** Where signing in from the notice leads back to: the checkout, which shows the cart's contents (kept by the shopper cookie). */
export const SUBSCRIPTION_RETURN_PATH = '/checkout';

/**
 * Issue 16: a lens subscription needs a customer account. Said at once where it is chosen (the
 * product page) and in the cart, with "Log ind" / "Opret konto" that come back to the cart —
 * not after the whole checkout. Nothing for a signed-in customer (or while the session loads).
 */
export function SubscriptionAccountNotice({ api, returnTo = SUBSCRIPTION_RETURN_PATH }: { api: Pick<Api, 'me'>; returnTo?: string }) {
  const [session] = useSession(api);
  if (session.state !== 'anonymous') return null;
  return (
    <div className="subscription-notice">
      <p>{cartText.subscriptionNeedsAccount}</p>
      <p>
        <a href={loginHref(returnTo)}>{cartText.signIn}</a> · <a href={registerHref(returnTo)}>{cartText.register}</a>
      </p>
      <p className="hint">{cartText.registerVerifies}</p>
    </div>
  );
}
