import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, Spinner } from '@wms/shared-ui';
import '../i18n';
import { sectionOf, type RemoteName } from '../sections';
import { forgetRemoteApp, remoteApp } from './remote-apps';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteIncompatibleError } from './remotes';

export interface RemoteSectionProps {
  remote: RemoteName;
}

/**
 * A section served by a remote: loads its `./App` lazily; a failure stays inside the section, with a working Retry. A
 * release that does not fit this portal (issue 24) says so, naming the team to tell; Retry reads /remotes.json again, so a
 * rollback brings the section back without reloading the page.
 */
export function RemoteSection({ remote }: RemoteSectionProps) {
  const { t } = useTranslation('shell');
  const [attempt, setAttempt] = useState(0);
  const App = remoteApp(remote);
  const module = t(`sections.${remote}.title`);

  const retry = () => {
    forgetRemoteApp(remote);
    setAttempt((n) => n + 1);
  };

  const fallback = (error: unknown) => {
    if (error instanceof RemoteIncompatibleError) {
      const needs = error.problems.some((p) => p.needs === 'newer') ? 'needsNewer' : 'needsOlder';
      return (
        <ErrorState
          title={t('remote.incompatibleTitle')}
          message={t(`remote.${needs}`, { module, team: sectionOf(remote)?.team ?? remote })}
          onRetry={retry}
          retryLabel={t('remote.retry')}
          testId="remote-incompatible"
        />
      );
    }
    return (
      <ErrorState
        title={t('remote.title')}
        message={t('remote.unavailable', { module })}
        onRetry={retry}
        retryLabel={t('remote.retry')}
        testId="remote-error"
      />
    );
  };

  return (
    <RemoteErrorBoundary key={`${remote}:${attempt}`} fallback={fallback}>
      <Suspense fallback={<Spinner label={t('remote.loading', { module })} />}>
        <App />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
