import type { PluralTextKey, SimpleTextKey } from '@optik/shared/widget';

/** The widget's texts in the page's language (the provider's `text`), apart from the provider so the parts it renders (toast, filters) can take it without importing the provider back. */
export interface WidgetText {
  (key: SimpleTextKey): string;
  (key: PluralTextKey, count: number): string;
}
