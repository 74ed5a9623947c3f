import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { api, validationMessages } from '@wms/shared-api';
import { missingTranslationKeys } from '../testing';
import { commonMessages } from './common-messages';
import { addTranslations, changeLanguage, currentLanguage, i18n, LANGUAGE_STORAGE_KEY } from './instance';
import { defineTranslations } from './translations';

describe('translation key parity', () => {
  it('common has the same keys in it and fr', () => {
    expect(missingTranslationKeys(commonMessages)).toEqual([]);
  });

  it('validation has the same keys in it and fr', () => {
    expect(missingTranslationKeys(validationMessages)).toEqual([]);
  });

  it('reports a key present in only one language, and a text that is a group elsewhere', () => {
    expect(
      missingTranslationKeys({
        it: { title: 'Titolo', hub: { a: 'A', b: 'B' }, x: 'x' },
        fr: { title: 'Titre', hub: { a: 'A' }, extra: 'En plus', x: { y: 'y' } },
      }),
    ).toEqual(['fr/it: x (text vs group)', 'fr: hub.b', 'it: extra', 'it: x.y']);
  });
});

describe('the i18next instance', () => {
  beforeEach(() => changeLanguage('it'));

  it('starts in Italian and translates common and validation with interpolation', () => {
    expect(currentLanguage()).toBe('it');
    expect(i18n.t('login.submit')).toBe('Accedi');
    expect(i18n.t('validation:tooLong', { max: 20 })).toBe('Testo troppo lungo (massimo 20 caratteri)');
  });

  it('switches to French, persists the choice and sets <html lang>', async () => {
    await changeLanguage('fr');
    expect(i18n.t('login.submit')).toBe('Se connecter');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('adds a module namespace in both languages', async () => {
    addTranslations('demo', defineTranslations({ it: { hello: 'Ciao {{name}}' }, fr: { hello: 'Bonjour {{name}}' } }));
    expect(i18n.t('demo:hello', { name: 'Ada' })).toBe('Ciao Ada');
    await changeLanguage('fr');
    expect(i18n.t('demo:hello', { name: 'Ada' })).toBe('Bonjour Ada');
  });

  it('tells the API client the current language (Accept-Language)', async () => {
    const seen: (string | null)[] = [];
    const server = setupServer(
      http.post('*/api/auth/login', ({ request }) => {
        seen.push(request.headers.get('accept-language'));
        return HttpResponse.json({ error: 'x', code: 'X' }, { status: 401 });
      }),
    );
    server.listen({ onUnhandledRequest: 'error' });
    try {
      await changeLanguage('fr');
      await api.post('/auth/login', {}).catch(() => undefined);
      await changeLanguage('it');
      await api.post('/auth/login', {}).catch(() => undefined);
    } finally {
      server.close();
    }
    expect(seen).toEqual(['fr', 'it']);
  });
});
