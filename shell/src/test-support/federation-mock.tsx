// Stands in for '@module-federation/enhanced/runtime' in Jest (it cannot fetch real remotes):
//   jest.mock('@module-federation/enhanced/runtime', () => require('./test-support/federation-mock'));
import type { ComponentType } from 'react';
import { Route, Routes } from '@wms/shared-ui/router';

export const loadRemote = jest.fn<Promise<{ default: ComponentType } | null>, [string]>();
export const registerRemotes = jest.fn();
/** What the shell provides, as the runtime lists it (issue 24: remotes are checked against these versions). */
export const PROVIDED = { '@wms/shared-ui': '1.4.0', '@wms/shared-api': '1.2.0', react: '19.3.1' };
const options = {
  name: 'shell',
  shared: Object.fromEntries(Object.entries(PROVIDED).map(([name, version]) => [name, [{ version, from: 'shell' }]])),
};
const instance = { loadRemote, registerRemotes, options };
export function getInstance() {
  return instance;
}

/** Every remote answers with a small App using relative routes, like the real ones; names in `down` fail. */
export function serveRemotes(down: string[] = []) {
  loadRemote.mockImplementation(async (id: string) => {
    const name = id.split('/')[0];
    if (down.includes(name)) throw new Error(`remote ${name} unreachable`);
    return { default: fakeApp(name) };
  });
}

const apps = new Map<string, ComponentType>();
export function fakeApp(name: string): ComponentType {
  let App = apps.get(name);
  if (!App) {
    App = function FakeRemoteApp() {
      return (
        <Routes>
          <Route index element={<h1>{`${name} hub`}</h1>} />
          <Route path=":screen" element={<h1>{`${name} screen`}</h1>} />
        </Routes>
      );
    };
    apps.set(name, App);
  }
  return App;
}
