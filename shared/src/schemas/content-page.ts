import { z } from 'zod';

/** A content ("layout") page of SPEC §2, e.g. /kontakt-os or a footer page. */
export const contentPageSchema = z.object({
  slug: z.string(),
  url: z.string(),
  title: z.string(),
  summary: z.string(),
  /** Paragraphs of plain text; headings start with "## ". */
  body: z.array(z.string()),
  image: z.string().nullable(),
  footerSection: z.enum(['kundeservice', 'handel', 'om-os', 'juridisk']).nullable(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

export const contentPageResponseSchema = z.object({ data: contentPageSchema });
