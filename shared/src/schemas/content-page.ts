import { z } from 'zod/mini';
import './zod-locale';

/** A content ("layout") page of SPEC §2, e.g. /kontakt-os or a footer page. */
export const contentPageSchema = z.object({
  slug: z.string(),
  url: z.string(),
  title: z.string(),
  summary: z.string(),
  /** Paragraphs of plain text; headings start with "## ". */
  body: z.array(z.string()),
  image: z.nullable(z.string()),
  footerSection: z.nullable(z.enum(['kundeservice', 'handel', 'om-os', 'juridisk'])),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

export const contentPageResponseSchema = z.object({ data: contentPageSchema });
