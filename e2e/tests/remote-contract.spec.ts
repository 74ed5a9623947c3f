import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiToken, bearer, signIn, switchLanguage } from './support';

// Issue 24: a release of a remote built against a kit this portal does not provide is refused by the shell before it is
// registered (its section names the team, the rest works, the event reaches the server), refused by remote-release.js
// publish, and a rollback brings the section back without reloading the shell. The release is a checked-in manifest
// fixture (operations as if built against @wms/shared-ui 2.x), served in place of the real one: no second build.
const root = path.resolve(__dirname, '..', '..');
const fixtureDir = path.join(root, 'e2e', 'fixtures', 'operations-next-kit');
const FIXTURE_URL = '/releases/operations/2.0.0-next-kit/mf-manifest.json';

test.describe('remote contract', () => {
  test('an incompatible release: message naming the team, other sections work, event recorded; rollback restores it', async ({ page }) => {
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
    await page.getByTestId('nav-reports').click();
    await expect(page).toHaveURL(/\/report$/);
    await expect(page.getByTestId('remote-incompatible')).toHaveCount(0);
    await expect(page.getByTestId('remote-error')).toHaveCount(0);

    // admins read the event, naming the remote and what it asked for
    const token = await apiToken(page);
    const events = await page.request.get('/api/client-events?remote=operations&limit=1', { headers: bearer(token) });
    expect(events.status()).toBe(200);
    const [event] = await events.json();
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

    // rollback: remotes.json points operations back at the previous release; Retry brings the section back, no reload
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
});
