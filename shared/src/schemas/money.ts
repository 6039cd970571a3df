import { z } from 'zod/mini';
import './zod-locale';

/** Money is always an integer number of øre (1 kr. = 100 øre); format with `formatDkk`. */
export const oreSchema = z.number().check(z.int());
export type Ore = z.infer<typeof oreSchema>;
