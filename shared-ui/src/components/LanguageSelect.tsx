import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@wms/shared-api/core';
import { changeLanguage, currentLanguage, isLanguage } from '../i18n/instance';

/** Italiano / Français select; the choice applies to the whole portal and is remembered. */
export function LanguageSelect() {
  const { t } = useTranslation('common');
  const id = useId();
  return (
    <div className="language-select">
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        data-testid="language-select"
        value={currentLanguage()}
        onChange={(e) => {
          if (isLanguage(e.target.value)) void changeLanguage(e.target.value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
