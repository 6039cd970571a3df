import { z } from 'zod/mini';

/**
 * GET /api/meta: what the apps need to know about the API they talk to. `demo`: the API runs
 * in demo mode (simulated MitID, payments, SMS …), and the apps show a "Demo" marker.
 */
export const apiMetaSchema = z.object({ demo: z.boolean() });
export type ApiMeta = z.infer<typeof apiMetaSchema>;
