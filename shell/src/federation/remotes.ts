import { getInstance, type ModuleFederation } from '@module-federation/enhanced/runtime';
import { api, getUser } from '@wms/shared-api/core';
import type { ClientEventBody } from '@wms/shared-api';
import type { ComponentType } from 'react';
import { REMOTE_NAMES, type RemoteName } from '../sections';
import { chooseManifest } from './canary';
import type { Incompatibility, RemoteManifest } from './compat';

/**
 * Run-time discovery of the remotes (STACK.md): /remotes.json maps each remote to its mf-manifest.json and is written by
 * the server, not baked into this build, so a team releases or rolls back its remote by replacing files and that JSON.
 *
 * Before a remote is registered, its manifest is read and each shared module it needs is checked against the version this
 * shell provides (compat.js, issue 24): an incompatible remote is not loaded; its section names the team; the event is
 * reported to POST /api/client-events once per manifest URL. An entry of /remotes.json may name a canary release for some
 * users (canary.js): the signed-in user's name decides which one this page gets, always the same for that user.
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

/** The remote's release asks for shared modules this portal does not provide: it is not loaded. */
export class RemoteIncompatibleError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly problems: Incompatibility[],
  ) {
    super(
      `Remote "${remote}" is incompatible with this portal: ${problems.map((p) => `${p.package} ${p.required} (provided ${p.provided})`).join(', ')}`,
    );
    this.name = 'RemoteIncompatibleError';
  }
}

type Manifests = Partial<Record<RemoteName, string>>;

let discovery: Promise<Manifests> | null = null;
/** The user the discovery chose releases for (a canary is per user: signing in as someone else reads it again). */
let discoveredFor: string | null = null;
/** Manifest URL each remote is registered with. */
const registered = new Map<RemoteName, string>();
/** Remotes whose last load failed: the runtime cached that failure, so they are registered afresh before a retry. */
const failed = new Set<RemoteName>();
/** Manifest URLs already checked and found compatible (a release's manifest never changes: releases are immutable). */
const compatible = new Set<string>();
/** Manifest URLs whose incompatibility was reported already (once per page). */
const reported = new Set<string>();

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
    const entry = chooseManifest(body?.[name], name, discoveredFor);
    if (entry) manifests[name] = absolute(entry);
  }
  return manifests;
}

function currentUsername(): string | null {
  return getUser()?.username ?? null;
}

/** Reads /remotes.json; after a failure the next call reads it again. */
export function discoverRemotes(): Promise<Manifests> {
  if (discovery && discoveredFor !== currentUsername()) discovery = null;
  if (!discovery) {
    discoveredFor = currentUsername();
    const attempt = fetchManifests();
    discovery = attempt;
    attempt.catch(() => {
      if (discovery === attempt) discovery = null;
    });
  }
  return discovery;
}

/** The version of each shared module this shell provides, as the federation runtime knows them. */
export function providedByShell(): Record<string, string> {
  const instance = federation();
  const out: Record<string, string> = {};
  for (const [name, copies] of Object.entries(instance.options?.shared ?? {})) {
    const own = copies.find((c) => c.from === instance.options.name) ?? copies[0];
    if (own?.version) out[name] = own.version;
  }
  return out;
}

/** Sends the incompatibility to the server once per manifest URL; a failure to report is only logged. */
function report(name: RemoteName, entry: string, manifest: RemoteManifest, problems: Incompatibility[]): void {
  if (reported.has(entry)) return;
  reported.add(entry);
  const body: ClientEventBody = {
    kind: 'remoteIncompatible',
    remote: name,
    manifestUrl: new URL(entry).pathname,
    buildVersion: manifest.metaData?.buildInfo?.buildVersion || null,
    problems: problems.slice(0, 20),
  };
  api.post('/client-events', body).catch((error: unknown) => console.warn(`client event for ${name} not reported`, error));
}

/** Reads the remote's mf-manifest.json and refuses it when a shared module it needs is not provided in a fitting version. */
async function checkCompatible(name: RemoteName, entry: string): Promise<void> {
  if (compatible.has(entry)) return;
  const response = await fetch(entry, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new RemoteUnavailableError(name, `${entry}: HTTP ${response.status}`);
  const manifest = (await response.json()) as RemoteManifest;
  // The check and semver load with the first remote section, not with the shell's first page.
  const { incompatibilities } = await import(/* webpackChunkName: "compat" */ './compat');
  const problems = incompatibilities(manifest, providedByShell());
  if (problems.length) {
    report(name, entry, manifest, problems);
    throw new RemoteIncompatibleError(name, problems);
  }
  compatible.add(entry);
}

/** Loads a remote's `./App`. Rejects (into the section's error boundary) when it cannot be reached or does not fit. */
export async function loadRemoteApp(name: RemoteName): Promise<RemoteAppModule> {
  // After a failure (Retry), /remotes.json is read again: the team may have rolled the release back meanwhile.
  if (failed.has(name)) discovery = null;
  let manifests = await discoverRemotes();
  if (!manifests[name]) {
    // Maybe remotes.json changed since: read it once more before giving up.
    discovery = null;
    manifests = await discoverRemotes();
  }
  const entry = manifests[name];
  if (!entry) throw new RemoteUnavailableError(name, `not listed in ${REMOTES_URL}`);
  try {
    await checkCompatible(name, entry);
    const previous = registered.get(name);
    // A changed URL (a release or a rollback) replaces the old registration; a failed load registers afresh.
    if (previous !== entry || failed.has(name)) register(name, entry, previous !== undefined);
    const module = await federation().loadRemote<RemoteAppModule>(`${name}/App`);
    if (!module?.default) throw new RemoteUnavailableError(name, './App has no default export');
    return module;
  } catch (error) {
    failed.add(name);
    throw error;
  }
}

/** Forgets discovery, registrations and checks (tests; a later call starts from /remotes.json again). */
export function resetRemoteDiscovery(): void {
  discovery = null;
  discoveredFor = null;
  registered.clear();
  failed.clear();
  compatible.clear();
  reported.clear();
}
