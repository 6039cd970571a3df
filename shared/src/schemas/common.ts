import { z } from 'zod/mini';
import './zod-locale';

/** A calendar date as ISO `YYYY-MM-DD` (no time zone): exam dates, delivery dates. */
export const isoDateSchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Datoen skal skrives som ÅÅÅÅ-MM-DD.'));
