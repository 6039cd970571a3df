import { createWidgetClient, widgetResponseSchemas } from '@optik/shared/widget';

/**
 * Same-origin client of the /v2 provider API: the dev and preview servers proxy /v2 to the API
 * (vite.config.base.ts). Answers are checked in development and tests only (docs/decisions/006).
 */
export const widgetClient = createWidgetClient({
  baseUrl: '',
  responses: import.meta.env.PROD ? null : widgetResponseSchemas,
  // SPEC §8: fetch errors are logged to the console only; the UI shows the empty/failed shapes.
  onError: (e) => console.warn('Widget-fejl', e),
});
