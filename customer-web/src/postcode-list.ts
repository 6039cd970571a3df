/**
 * The PostNord postcode list (~10 KB gzip) in a module of its own: forms load it through
 * ./postcodes on the first postcode input, not with the page (first-load JS, issue 5).
 */
export { validatePostcode } from '@optik/shared';
