import { z } from 'zod/mini';

/**
 * zod/mini ships without error messages ("Invalid input" for everything). Where a schema gives
 * no message of its own, the API's field errors and the apps' forms show zod's Danish locale
 * (the product is Danish; classic zod would have shown English). Every schema module imports
 * this file (listed in package.json `sideEffects`). An explicitly configured locale is left alone.
 */
if (!z.config().localeError) z.config(z.locales.da());
