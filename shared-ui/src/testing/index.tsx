/**
 * Test helpers for every package's Jest suite (not part of the runtime bundle: import from '@wms/shared-ui/testing').
 */
import { act, type ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { saveSession, type Language, type Role, type SessionUser } from '@wms/shared-api/core';
import { changeLanguage } from '../i18n/instance';

export { missingTranslationKeys } from '../i18n/key-parity';
export { pluralProblems, type PluralCase } from './plurals';

/** Stores a session for `role`, as a successful sign-in would. */
export function signInAs(role: Role, name = 'Mario Rossi'): SessionUser {
  const user: SessionUser = { id: 1, username: role, name, role };
  saveSession(`test-token-${role}`, user);
  return user;
}

/**
 * Switches the shared i18next instance, inside act() since rendered components re-render. Tests share the instance
 * across cases: set the language in beforeEach.
 */
export async function switchLanguage(language: Language): Promise<void> {
  await act(async () => {
    await changeLanguage(language);
  });
}

/** Shows the router's current path, so a test can assert where a guard or a link led. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/**
 * Renders a remote's section element the way the shell mounts it (`<basePath>/*`) at `url`. Any other path renders
 * only the location probe, so redirects out of the section are visible.
 */
export function renderSection(element: ReactElement, { basePath, url = basePath }: { basePath: string; url?: string }): RenderResult {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={`${basePath}/*`} element={element} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}
