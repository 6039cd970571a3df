import { z } from 'zod/mini';
import {
  apiErrorSchema,
  articleListResponseSchema,
  articleResponseSchema,
  bookingCreatedResponseSchema,
  bookingResponseSchema,
  cartResponseSchema,
  catalogueSnapshotResponseSchema,
  categoriesResponseSchema,
  checkoutPlaceResponseSchema,
  checkoutQuoteResponseSchema,
  collectionPointsResponseSchema,
  contentPageResponseSchema,
  customerConflictSchema,
  customerSchema,
  deliveryOptionsResponseSchema,
  getUserResponseSchema,
  giftCardLookupResponseSchema,
  orderListResponseSchema,
  payLinkLookupResponseSchema,
  payLinkPayResponseSchema,
  payLinkQuoteResponseSchema,
  prescriptionSchema,
  registerResponseSchema,
  requisitionListResponseSchema,
  sessionResponseSchema,
  shopperResponseSchema,
  siteSearchResponseSchema,
  storeDetailResponseSchema,
  storeSearchResponseSchema,
  storesResponseSchema,
  syncResponseSchema,
} from '../schemas/index';

/**
 * The answers of the typed API client, by name. A client given this map checks every answer
 * against it; the store app always does, the shop in development and test builds only
 * (docs/decisions/006: it keeps zod out of the shop's first load).
 */
export const responseSchemas = {
  error: apiErrorSchema,
  shopper: shopperResponseSchema,
  user: getUserResponseSchema,
  article: articleResponseSchema,
  siteSearch: siteSearchResponseSchema,
  cart: cartResponseSchema,
  categories: categoriesResponseSchema,
  articleList: articleListResponseSchema,
  stores: storesResponseSchema,
  catalogueSnapshot: catalogueSnapshotResponseSchema,
  page: contentPageResponseSchema,
  register: registerResponseSchema,
  session: sessionResponseSchema,
  success: z.object({ success: z.literal(true) }),
  sync: syncResponseSchema,
  /** The device copy (`recent`) also brings the staff member's overwritten edits (docs/decisions/010). */
  customerList: z.object({ data: z.array(customerSchema), conflicts: z.optional(z.array(customerConflictSchema)) }),
  orderList: orderListResponseSchema,
  prescriptionList: z.object({ data: z.array(prescriptionSchema) }),
  requisitionList: requisitionListResponseSchema,
  payLinkLookup: payLinkLookupResponseSchema,
  payLinkQuote: payLinkQuoteResponseSchema,
  payLinkPay: payLinkPayResponseSchema,
  deliveryOptions: deliveryOptionsResponseSchema,
  collectionPoints: collectionPointsResponseSchema,
  checkoutQuote: checkoutQuoteResponseSchema,
  checkoutPlace: checkoutPlaceResponseSchema,
  giftCardLookup: giftCardLookupResponseSchema,
  storeSearch: storeSearchResponseSchema,
  store: storeDetailResponseSchema,
  booking: bookingResponseSchema,
  bookingCreated: bookingCreatedResponseSchema,
};
export type ResponseSchemas = typeof responseSchemas;
export type ResponseName = Exclude<keyof ResponseSchemas, 'error'>;
export type ResponseOf<K extends keyof ResponseSchemas> = z.output<ResponseSchemas[K]>;
