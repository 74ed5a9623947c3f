import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { RELEASES_DIR, REMOTES_FILE } from '../playwright.config';
import { apiToken, bearer, signIn, switchLanguage } from './support';

// Issue 24: a release of a remote built against a kit this portal does not provide is refused by the shell before it is
// registered (its section names the team, the rest works, the event reaches the server), refused by remote-release.js
// publish, and a rollback brings the section back without reloading the shell. The release is a checked-in manifest
// fixture (operations as if built against @wms/shared-ui 2.x), served in place of the real one: no second build. The second
// test does the same for real: a kept build of the users remote made against the previous kit (e2e/fixtures/users-kit-1.0.0),
// published, replaced by a bad release and rolled back with scripts/remote-release.js on the server's own remotes.json.
const root = path.resolve(__dirname, '..', '..');
const fixtureDir = path.join(root, 'e2e', 'fixtures', 'operations-next-kit');
const FIXTURE_URL = '/releases/operations/2.0.0-next-kit/mf-manifest.json';

/** The reports section still opens, with no remote failure shown: one bad remote never takes the portal down. */
async function reportsStillWork(page: Page) {
  await page.getByTestId('nav-reports').click();
  await expect(page).toHaveURL(/\/report$/);
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
  await expect(page.getByTestId('remote-incompatible')).toHaveCount(0);
  await expect(page.getByTestId('remote-error')).toHaveCount(0);
}

/** The newest client event about `remote`, as an admin reads it. */
async function lastEvent(page: Page, remote: string): Promise<Record<string, unknown>> {
  const events = await page.request.get(`/api/client-events?remote=${remote}&limit=1`, { headers: bearer(await apiToken(page)) });
  expect(events.status()).toBe(200);
  return ((await events.json()) as Record<string, unknown>[])[0];
}

test.describe('remote contract', () => {
  test('an incompatible release: message naming the team, other sections work, event recorded; Retry restores it once remotes.json changes', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // remotes.json points operations at the fixture release, until the "rollback" below.
    let rolledBack = false;
    await page.route('**/remotes.json', async (route) => {
      const response = await route.fetch();
      const remotes = await response.json();
      await route.fulfill({ response, json: rolledBack ? remotes : { ...remotes, operations: FIXTURE_URL } });
    });
    await page.route(`**${FIXTURE_URL}`, (route) => route.fulfill({ path: path.join(fixtureDir, 'mf-manifest.json') }));
    const remoteEntries: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('remoteEntry.js')) remoteEntries.push(new URL(r.url()).pathname);
    });

    await signIn(page);
    // the shell's own code is loaded once: a marker on window survives everything below
    await page.evaluate(() => ((window as unknown as { shellMarker: number }).shellMarker = 24));

    // compatible remotes load as before
    await page.getByTestId('nav-registry').click();
    await expect(page).toHaveURL(/\/anagrafica$/);
    await expect(page.getByTestId('remote-error')).toHaveCount(0);
    await expect(page.getByTestId('remote-incompatible')).toHaveCount(0);
    await expect(page.locator('main h1, main h2').first()).toBeVisible();

    const reported = page.waitForResponse((r) => r.url().endsWith('/api/client-events') && r.request().method() === 'POST');
    await page.getByTestId('nav-operations').click();
    await expect(page).toHaveURL(/\/operazioni$/);
    const message = page.getByTestId('remote-incompatible');
    await expect(message).toContainText('Il modulo «Operazioni» richiede una versione più recente del portale e non è stato caricato.');
    await expect(message).toContainText('Contatta il team responsabile: Team Operazioni.');
    expect((await reported).status()).toBe(201);
    // never registered nor loaded
    expect(remoteEntries.filter((p) => p.includes('/operations/'))).toEqual([]);
    await switchLanguage(page, 'fr');
    await expect(message).toContainText("Le module « Opérations » nécessite une version plus récente du portail et n'a pas été chargé.");
    await switchLanguage(page, 'it');

    // the rest of the portal works
    await reportsStillWork(page);

    // admins read the event, naming the remote and what it asked for
    const event = await lastEvent(page, 'operations');
    expect(event).toMatchObject({
      kind: 'remoteIncompatible',
      remote: 'operations',
      manifestUrl: FIXTURE_URL,
      buildVersion: '2.0.0',
      username: 'admin',
    });
    expect(event.problems).toContainEqual({
      package: '@wms/shared-ui',
      required: '^2.0.0',
      provided: expect.stringMatching(/^1\./),
      needs: 'newer',
    });

    // publish refuses the same build (the same check, in Node), and remotes.json is left as it was
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-contract-'));
    try {
      const remotesFile = path.join(tmp, 'remotes.json');
      fs.copyFileSync(path.join(root, 'remotes.json'), remotesFile);
      const before = fs.readFileSync(remotesFile, 'utf8');
      let refusal = '';
      try {
        execFileSync('node', ['scripts/remote-release.js', 'publish', 'operations', 'next-kit', '--from', fixtureDir], {
          cwd: root,
          env: { ...process.env, REMOTES_FILE: remotesFile, RELEASES_DIR: path.join(tmp, 'releases') },
          stdio: 'pipe',
        });
      } catch (err) {
        refusal = String((err as { stderr?: Buffer }).stderr);
      }
      expect(refusal).toMatch(/refused: .* "operations" is incompatible with the shell in production/);
      expect(refusal).toContain('@wms/shared-ui: the remote needs ^2.0.0');
      expect(fs.readFileSync(remotesFile, 'utf8')).toBe(before);
      expect(fs.existsSync(path.join(tmp, 'releases', 'operations', 'next-kit'))).toBe(false);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }

    // Retry reads remotes.json again: here changed in the browser (the real publish and rollback are the next test)
    rolledBack = true;
    await page.getByTestId('nav-operations').click();
    await expect(page.getByTestId('remote-incompatible')).toBeVisible();
    await page.getByTestId('remote-incompatible-retry').click();
    await expect(page.getByTestId('remote-incompatible')).toHaveCount(0);
    await expect(page.getByTestId('remote-error')).toHaveCount(0);
    await expect(page.getByTestId('card-goodsReceipt')).toBeVisible();
    expect(remoteEntries.some((p) => p.includes('/operations/'))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { shellMarker?: number }).shellMarker)).toBe(24);
    expect(errors).toEqual([]);
  });

  // Issue 24's proof with real releases. The e2e server reads REMOTES_FILE (its own copy of remotes.json, see
  // playwright.config.ts) and serves RELEASES_DIR at /releases/; specs run one at a time (workers: 1) and this one puts
  // remotes.json back, and removes its releases, after it, pass or fail.
  test.describe('releases of the users remote, with scripts/remote-release.js', () => {
    const fixture = path.join(root, 'e2e', 'fixtures', 'users-kit-1.0.0', 'build.tar.gz');
    const stamp = `${Date.now().toString(36)}-${process.pid}`;
    const previous = `0.1.0-kit-1.0.0-e2e-${stamp}`; // the users remote built against kit 1.0.0 (the fixture)
    const bad = `0.2.0-kit-2.0.0-e2e-${stamp}`; // the same build asking for @wms/shared-ui 2.x
    let remotesBefore: string | null = null;
    let tmp = '';

    test.beforeEach(() => {
      remotesBefore = fs.readFileSync(REMOTES_FILE, 'utf8');
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-release-e2e-'));
    });
    test.afterEach(() => {
      if (remotesBefore !== null) fs.writeFileSync(REMOTES_FILE, remotesBefore);
      for (const label of [previous, bad]) fs.rmSync(path.join(RELEASES_DIR, 'users', label), { recursive: true, force: true });
      if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    });

    /** scripts/remote-release.js on the e2e server's remotes.json and releases. */
    function release(args: string[], env: Record<string, string> = {}) {
      const run = spawnSync(process.execPath, ['scripts/remote-release.js', ...args], {
        cwd: root,
        env: { ...process.env, REMOTES_FILE, RELEASES_DIR, ...env },
        encoding: 'utf8',
      });
      return { status: run.status, out: `${run.stdout}${run.stderr}` };
    }
    const usersEntry = () => (JSON.parse(fs.readFileSync(REMOTES_FILE, 'utf8')) as Record<string, unknown>).users;

    test("a build against the previous kit works in today's shell; a bad release is rolled back to it without reloading the shell", async ({
      page,
    }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const fetched: string[] = [];
      page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
      let documents = 0;
      page.on('request', (r) => {
        if (r.resourceType() === 'document' && r.frame() === page.mainFrame()) documents++;
      });

      // 1. The kept build (users as built against kit 1.0.0) is published like any release: checked against today's shell.
      const build = path.join(tmp, 'users-kit-1.0.0');
      fs.mkdirSync(build);
      execFileSync('tar', ['-xzf', fixture, '-C', build]);
      const published = release(['publish', 'users', previous, '--from', build]);
      expect(published.out).toContain(`remotes.json: users → /releases/users/${previous}/mf-manifest.json`);
      expect(published.status).toBe(0);

      // compatible → works: its section, its own pages, today's data, and today's kit (the shell's copy, not the release's)
      await signIn(page);
      await page.getByTestId('nav-users').click();
      await expect(page).toHaveURL(/\/users$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Gestione utenti' })).toBeVisible();
      await expect(page.getByTestId('user-status-admin')).toHaveText('Attivo');
      await page.getByTestId('add-user').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Nuovo utente' })).toBeVisible();
      const fromPrevious = fetched.filter((p) => p.startsWith(`/releases/users/${previous}/`));
      expect(fromPrevious).toContain(`/releases/users/${previous}/remoteEntry.js`);
      expect(fromPrevious.some((p) => p.includes('__federation_expose_App'))).toBe(true);
      expect(fetched.filter((p) => p.startsWith('/mf/users/'))).toEqual([]);
      const manifest = JSON.parse(fs.readFileSync(path.join(build, 'mf-manifest.json'), 'utf8')) as {
        shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
      };
      const shellProvides = new Set(
        (
          JSON.parse(fs.readFileSync(path.join(root, 'shell', 'dist', 'mf-manifest.json'), 'utf8')) as { shared: { name: string }[] }
        ).shared.map((s) => s.name),
      );
      const ownCopies = manifest.shared
        .filter((s) => s.name.startsWith('@wms/shared-ui') && shellProvides.has(s.name))
        .flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async]);
      expect(ownCopies.length).toBeGreaterThan(0);
      expect(fromPrevious.filter((p) => ownCopies.includes(path.basename(p)))).toEqual([]);

      // 2. A bad release: the same build as if made against @wms/shared-ui 2.x. publish refuses it against the shell in
      // production; checked against another shell (SHELL_MANIFEST: a build of a portal on kit 2.x) it goes live anyway.
      const badBuild = path.join(tmp, 'users-kit-2.0.0');
      fs.cpSync(build, badBuild, { recursive: true });
      const badManifest = JSON.parse(fs.readFileSync(path.join(badBuild, 'mf-manifest.json'), 'utf8'));
      for (const s of badManifest.shared) {
        if (s.name.startsWith('@wms/shared-ui')) Object.assign(s, { version: '2.0.0', requiredVersion: '^2.0.0' });
      }
      badManifest.metaData.buildInfo.buildVersion = '0.2.0';
      fs.writeFileSync(path.join(badBuild, 'mf-manifest.json'), JSON.stringify(badManifest));
      const refused = release(['publish', 'users', bad, '--from', badBuild]);
      expect(refused.status).toBe(1);
      expect(refused.out).toMatch(/refused: .* "users" is incompatible with the shell in production/);
      expect(refused.out).toContain('@wms/shared-ui: the remote needs ^2.0.0');
      expect(usersEntry()).toBe(`/releases/users/${previous}/mf-manifest.json`);
      const otherShell = JSON.parse(fs.readFileSync(path.join(root, 'shell', 'dist', 'mf-manifest.json'), 'utf8'));
      for (const s of otherShell.shared) if (s.name.startsWith('@wms/shared-ui')) s.version = '2.0.0';
      fs.writeFileSync(path.join(tmp, 'other-shell.json'), JSON.stringify(otherShell));
      const wrong = release(['publish', 'users', bad, '--from', badBuild], { SHELL_MANIFEST: path.join(tmp, 'other-shell.json') });
      expect(wrong.status).toBe(0);
      expect(usersEntry()).toBe(`/releases/users/${bad}/mf-manifest.json`);

      // The users who open the portal now get the bad release: its section says so, nothing of it is loaded, the rest works.
      await page.goto('/');
      await expect(page.getByTestId('current-user')).toBeVisible();
      await page.evaluate(() => ((window as unknown as { shellMarker: number }).shellMarker = 24));
      const documentsBefore = documents;
      const reported = page.waitForResponse((r) => r.url().endsWith('/api/client-events') && r.request().method() === 'POST');
      await page.getByTestId('nav-users').click();
      await expect(page).toHaveURL(/\/users$/);
      const message = page.getByTestId('remote-incompatible');
      await expect(message).toContainText('Il modulo «Utenti» richiede una versione più recente del portale e non è stato caricato.');
      await expect(message).toContainText('Contatta il team responsabile: Team Utenti.');
      expect((await reported).status()).toBe(201);
      expect(fetched.filter((p) => p.startsWith(`/releases/users/${bad}/`))).toEqual([`/releases/users/${bad}/mf-manifest.json`]);
      await reportsStillWork(page);

      // ... and the admins see why
      const event = await lastEvent(page, 'users');
      expect(event).toMatchObject({
        kind: 'remoteIncompatible',
        remote: 'users',
        manifestUrl: `/releases/users/${bad}/mf-manifest.json`,
        buildVersion: '0.2.0',
        username: 'admin',
      });
      expect(event.problems).toContainEqual({
        package: '@wms/shared-ui',
        required: '^2.0.0',
        provided: expect.stringMatching(/^1\./),
        needs: 'newer',
      });

      // 3. The team rolls back to the previous label (checked again), and the open page gets the section back: navigating
      // within the portal and Retry, with no new document and the same shell code (the marker on window survives).
      const rolledBack = release(['rollback', 'users', previous]);
      expect(rolledBack.out).toContain(`remotes.json: users → /releases/users/${previous}/mf-manifest.json`);
      expect(rolledBack.status).toBe(0);
      const sinceRollback = fetched.length;
      await page.getByTestId('nav-users').click();
      await expect(page).toHaveURL(/\/users$/);
      await page.getByTestId('remote-incompatible-retry').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Gestione utenti' })).toBeVisible();
      await expect(page.getByTestId('user-status-admin')).toHaveText('Attivo');
      await expect(page.getByTestId('remote-incompatible')).toHaveCount(0);
      expect(fetched.slice(sinceRollback)).toContain(`/releases/users/${previous}/remoteEntry.js`);
      expect(documents).toBe(documentsBefore);
      expect(await page.evaluate(() => (window as unknown as { shellMarker?: number }).shellMarker)).toBe(24);
      expect(errors).toEqual([]);
    });
  });
});
