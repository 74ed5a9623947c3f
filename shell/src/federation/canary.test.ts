import { bucketOf, chooseManifest } from './canary';

const MAIN = '/releases/operations/A/mf-manifest.json';
const TRIED = '/releases/operations/B/mf-manifest.json';
const entry = (canary: Record<string, unknown>) => ({ manifest: MAIN, canary: { manifest: TRIED, ...canary } });

describe('chooseManifest (a canary release of a remote)', () => {
  it('a plain entry is the manifest for everyone; an unusable one is none', () => {
    expect(chooseManifest(MAIN, 'operations', 'mrossi')).toBe(MAIN);
    expect(chooseManifest({ canary: { manifest: TRIED } }, 'operations', 'mrossi')).toBeNull();
    expect(chooseManifest(42, 'operations', 'mrossi')).toBeNull();
  });

  it('named users always get the canary; nobody else at 0 %; everybody at 100 %; no user, no canary', () => {
    expect(chooseManifest(entry({ users: ['mrossi'] }), 'operations', 'mrossi')).toBe(TRIED);
    expect(chooseManifest(entry({ users: ['mrossi'] }), 'operations', 'lbianchi')).toBe(MAIN);
    expect(chooseManifest(entry({ percent: 0 }), 'operations', 'mrossi')).toBe(MAIN);
    expect(chooseManifest(entry({ percent: 100 }), 'operations', 'mrossi')).toBe(TRIED);
    expect(chooseManifest(entry({ percent: 100 }), 'operations', null)).toBe(MAIN);
  });

  it('a percentage picks about that share of users, always the same ones (sticky), per remote', () => {
    const users = Array.from({ length: 2000 }, (_, i) => `user${i}`);
    const picked = users.filter((u) => chooseManifest(entry({ percent: 10 }), 'operations', u) === TRIED);
    expect(picked.length).toBeGreaterThan(140);
    expect(picked.length).toBeLessThan(260);
    expect(users.filter((u) => chooseManifest(entry({ percent: 10 }), 'operations', u) === TRIED)).toEqual(picked);
    // a wider canary keeps the users of the narrower one
    const wider = users.filter((u) => chooseManifest(entry({ percent: 30 }), 'operations', u) === TRIED);
    expect(picked.every((u) => wider.includes(u))).toBe(true);
    // another remote's canary picks other users
    const reports = users.filter((u) => chooseManifest(entry({ percent: 10 }), 'reports', u) === TRIED);
    expect(reports).not.toEqual(picked);
  });

  it('buckets are 0..99', () => {
    for (const text of ['', 'a', 'operations:admin', 'é€😀']) expect(bucketOf(text)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...Array.from({ length: 500 }, (_, i) => bucketOf(`x${i}`)))).toBeLessThan(100);
  });
});
