import { z } from 'zod/mini';
import './zod-locale';
import { limitMessages } from './limits';

/** A calendar date as ISO `YYYY-MM-DD` (no time zone): exam dates, delivery dates. */
export const isoDateSchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Datoen skal skrives som ÅÅÅÅ-MM-DD.'));

/**
 * The longest text a field takes (limits.ts). A longer value gets this one message and no further
 * check of that field or across fields: a format rule never runs on 200,000 characters. Not for a
 * branch of a union: an aborted branch makes the union answer "no type matches" (use z.maxLength).
 */
export const maxChars = (max: number, message: string = limitMessages.tooLong(max)) => z.maxLength(max, { error: message, abort: true });
/** The longest list a field takes (limits.ts), checked like `maxChars`. */
export const maxItems = (max: number, message: string = limitMessages.tooMany(max)) => z.maxLength(max, { error: message, abort: true });
