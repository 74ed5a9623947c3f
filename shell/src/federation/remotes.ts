import { getInstance, type ModuleFederation } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { REMOTE_NAMES, type RemoteName } from '../sections';

/**
 * Run-time discovery of the remotes (STACK.md): /remotes.json maps each remote to its mf-manifest.json and is written by
 * the server, not baked into this build, so a team releases or rolls back its remote by replacing files and that JSON.
 */
export const REMOTES_URL = '/remotes.json';

/** What a remote exposes as `./App`: a component rendering its whole section. */
export interface RemoteAppModule {
  default: ComponentType;
}

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    reason: string,
  ) {
    super(`Remote "${remote}" unavailable: ${reason}`);
    this.name = 'RemoteUnavailableError';
  }
}

type Manifests = Partial<Record<RemoteName, string>>;

let discovery: Promise<Manifests> | null = null;
/** Manifest URL each remote is registered with. */
const registered = new Map<RemoteName, string>();
/** Remotes whose last load failed: the runtime cached that failure, so they are registered afresh before a retry. */
const failed = new Set<RemoteName>();

function federation(): ModuleFederation {
  const instance = getInstance();
  if (!instance) throw new Error('Module Federation runtime is not initialised');
  return instance;
}

function absolute(url: string): string {
  return new URL(url, window.location.href).href;
}

function register(name: RemoteName, entry: string, force: boolean): void {
  federation().registerRemotes([{ name, entry }], { force });
  registered.set(name, entry);
  failed.delete(name);
}

async function fetchManifests(): Promise<Manifests> {
  const response = await fetch(absolute(REMOTES_URL), { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${REMOTES_URL}: HTTP ${response.status}`);
  const body = (await response.json()) as Record<string, unknown> | null;
  const manifests: Manifests = {};
  for (const name of REMOTE_NAMES) {
    const entry = body?.[name];
    if (typeof entry !== 'string' || !entry) continue;
    manifests[name] = absolute(entry);
    const previous = registered.get(name);
    // A changed URL (a release or a rollback) replaces the old registration.
    if (previous !== manifests[name]) register(name, manifests[name], previous !== undefined);
  }
  return manifests;
}

/** Reads /remotes.json and registers what it lists; after a failure the next call reads it again. */
export function discoverRemotes(): Promise<Manifests> {
  if (!discovery) {
    const attempt = fetchManifests();
    discovery = attempt;
    attempt.catch(() => {
      if (discovery === attempt) discovery = null;
    });
  }
  return discovery;
}

/** Loads a remote's `./App`. Rejects (into the section's error boundary) when the remote cannot be reached. */
export async function loadRemoteApp(name: RemoteName): Promise<RemoteAppModule> {
  let manifests = await discoverRemotes();
  if (!manifests[name]) {
    // Maybe remotes.json changed since: read it once more before giving up.
    discovery = null;
    manifests = await discoverRemotes();
  }
  const entry = manifests[name];
  if (!entry) throw new RemoteUnavailableError(name, `not listed in ${REMOTES_URL}`);
  if (failed.has(name)) register(name, entry, true);
  try {
    const module = await federation().loadRemote<RemoteAppModule>(`${name}/App`);
    if (!module?.default) throw new RemoteUnavailableError(name, './App has no default export');
    return module;
  } catch (error) {
    failed.add(name);
    throw error;
  }
}

/** Forgets discovery and registrations (tests; a later call starts from /remotes.json again). */
export function resetRemoteDiscovery(): void {
  discovery = null;
  registered.clear();
  failed.clear();
}
