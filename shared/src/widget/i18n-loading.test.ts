import { describe, expect, it } from 'vitest';
import { isWidgetLanguageLoaded, loadWidgetLanguage, t, WIDGET_LANGUAGES } from './i18n';

// A file of its own: the languages loaded by i18n.test.ts would otherwise be there already.
describe('loading languages on demand', () => {
  it('has English and Danish at once; the others fall back to English until loaded', async () => {
    expect(isWidgetLanguageLoaded('en') && isWidgetLanguageLoaded('da')).toBe(true);
    expect(isWidgetLanguageLoaded('sv')).toBe(false);
    expect(t('sv', 'clear')).toBe(t('en', 'clear'));
    expect(t('da', 'clear')).not.toBe(t('en', 'clear'));
    await loadWidgetLanguage('sv');
    expect(WIDGET_LANGUAGES.every(isWidgetLanguageLoaded)).toBe(true);
    expect(t('sv', 'clear')).not.toBe(t('en', 'clear'));
  });
});
