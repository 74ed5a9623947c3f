import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RemoteName } from '../sections';
import { loadRemoteApp } from './remotes';

/**
 * One lazy component per remote, kept across navigations so returning to a section does not flash a spinner.
 * React.lazy remembers a rejection for ever, so a retry must drop it and build a new one.
 */
const apps = new Map<RemoteName, LazyExoticComponent<ComponentType>>();

export function remoteApp(name: RemoteName): LazyExoticComponent<ComponentType> {
  let app = apps.get(name);
  if (!app) {
    app = lazy(() => loadRemoteApp(name));
    apps.set(name, app);
  }
  return app;
}

export function forgetRemoteApp(name: RemoteName): void {
  apps.delete(name);
}

/** Tests: start every section from scratch. */
export function forgetAllRemoteApps(): void {
  apps.clear();
}
