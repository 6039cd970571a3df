import { z } from 'zod';
import { z as zm } from 'zod/mini';
import { articleSchema, contentPageSchema, storeSchema } from '@optik/shared';
import { defineCollection } from '../../storage/port';

export const contentPageRecordSchema = zm.extend(contentPageSchema, { id: z.string() });
export type ContentPageRecord = z.infer<typeof contentPageRecordSchema>;

/** The catalogue is read whole into memory (catalogue/service.ts), so it needs no indexes. */
// Announced: every instance's catalogue snapshot (and the search indexes built from it) is dropped when they change.
export const articlesCollection = defineCollection({ name: 'articles', schema: articleSchema, file: { group: 'catalogue', durable: false }, announce: true });
export const storesCollection = defineCollection({ name: 'stores', schema: storeSchema, file: { group: 'catalogue', durable: false }, announce: true });
export const pagesCollection = defineCollection({ name: 'pages', schema: contentPageRecordSchema, file: { group: 'content', durable: false }, announce: true });
