// A fresh module registry per test: the instance reads the stored language when it is created.
describe('the language chosen earlier', () => {
  afterEach(() => jest.resetModules());

  it('is restored from browser storage on start', () => {
    window.localStorage.setItem('language', 'fr');
    jest.isolateModules(() => {
      const { currentLanguage } = require('./instance') as typeof import('./instance');
      expect(currentLanguage()).toBe('fr');
      expect(document.documentElement.lang).toBe('fr');
    });
  });

  it('falls back to Italian for an unknown stored value', () => {
    window.localStorage.setItem('language', 'de');
    jest.isolateModules(() => {
      const { currentLanguage } = require('./instance') as typeof import('./instance');
      expect(currentLanguage()).toBe('it');
    });
  });
});
