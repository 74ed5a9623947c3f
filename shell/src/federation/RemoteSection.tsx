import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, Spinner } from '@wms/shared-ui';
import '../i18n';
import type { RemoteName } from '../sections';
import { forgetRemoteApp, remoteApp } from './remote-apps';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

export interface RemoteSectionProps {
  remote: RemoteName;
}

/** A section served by a remote: loads its `./App` lazily; a failure stays inside the section, with a working Retry. */
export function RemoteSection({ remote }: RemoteSectionProps) {
  const { t } = useTranslation('shell');
  const [attempt, setAttempt] = useState(0);
  const App = remoteApp(remote);
  const module = t(`sections.${remote}.title`);

  const retry = () => {
    forgetRemoteApp(remote);
    setAttempt((n) => n + 1);
  };

  return (
    <RemoteErrorBoundary
      key={`${remote}:${attempt}`}
      fallback={
        <ErrorState
          title={t('remote.title')}
          message={t('remote.unavailable', { module })}
          onRetry={retry}
          retryLabel={t('remote.retry')}
          testId="remote-error"
        />
      }
    >
      <Suspense fallback={<Spinner label={t('remote.loading', { module })} />}>
        <App />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
