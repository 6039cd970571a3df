import { listingResponseSchema, recommendationResponseSchema, searchResultResponseSchema, suggestionsResponseSchema } from '../schemas/widget';

/**
 * The /v2 answers of the widget client, by name. A client given this map checks every answer
 * against it; the shop does in development and test builds (docs/decisions/006).
 */
export const widgetResponseSchemas = {
  search: searchResultResponseSchema,
  listing: listingResponseSchema,
  suggestions: suggestionsResponseSchema,
  recommendations: recommendationResponseSchema,
};
export type WidgetResponseSchemas = typeof widgetResponseSchemas;
