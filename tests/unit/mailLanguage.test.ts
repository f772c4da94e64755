import { describe, expect, it } from 'vitest';
import { mailLocaleFromAcceptLanguage } from '../../server/mail/templates';

describe('the language of a mail to someone with none stored', () => {
  it('is the most wanted of the five in Accept-Language, English otherwise', () => {
    expect(mailLocaleFromAcceptLanguage('fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(mailLocaleFromAcceptLanguage('de-DE, ar;q=0.5, zh;q=0.7')).toBe('zh');
    expect(mailLocaleFromAcceptLanguage('es;q=0, ar')).toBe('ar');
    expect(mailLocaleFromAcceptLanguage('de')).toBe('en');
    expect(mailLocaleFromAcceptLanguage(undefined)).toBe('en');
  });
});
