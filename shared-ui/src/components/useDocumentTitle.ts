import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Names the page in the browser's tab and history, in the user's language: "<title> · WMS". Follows a language switch
 * (pass the translated text); the previous title comes back when the screen leaves.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  const { t } = useTranslation('common');
  const app = t('appShortTitle');
  useEffect(() => {
    if (!title) return undefined;
    const previous = document.title;
    document.title = `${title} · ${app}`;
    return () => {
      document.title = previous;
    };
  }, [title, app]);
}
