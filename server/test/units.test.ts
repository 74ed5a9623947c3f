import { dummyPasswordHash, generatePassword, hashPassword, verifyPassword } from '../src/auth/password';
import { bearerToken, hashToken, newToken } from '../src/auth/tokens';
import { loadConfig } from '../src/config';
import path from 'node:path';

describe('passwords', () => {
  it('hash carries its parameters and a random salt; verify accepts only the right password', async () => {
    const h = await hashPassword('correct horse');
    expect(h).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(await verifyPassword('correct horse', h)).toBe(true);
    expect(await verifyPassword('correct horsE', h)).toBe(false);
    expect(await hashPassword('correct horse')).not.toBe(h);
  });

  it('a malformed stored value never matches and never throws', async () => {
    for (const bad of ['', 'plain', 'scrypt$x$y$z$a$b', 'bcrypt$1$2$3$4$5', 'scrypt$16384$8$1$c2FsdA$']) {
      await expect(verifyPassword('x', bad)).resolves.toBe(false);
    }
  });

  it('dummy hash is a real hash; generated passwords are strong', async () => {
    expect(await dummyPasswordHash()).toMatch(/^scrypt\$/);
    const p = generatePassword();
    expect(p).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(generatePassword()).not.toBe(p);
  });
});

describe('tokens', () => {
  it('32 random bytes in base64url, hashed with SHA-256', () => {
    const t = newToken();
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashToken(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(t)).toBe(hashToken(t));
  });

  it('reads only a well-formed Bearer header', () => {
    const t = newToken();
    expect(bearerToken(`Bearer ${t}`)).toBe(t);
    expect(bearerToken(`bearer ${t}`)).toBe(t);
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken(t)).toBeNull();
    expect(bearerToken('Bearer short')).toBeNull();
    expect(bearerToken(`Bearer ${t} extra`)).toBeNull();
  });
});

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, host: '0.0.0.0', sessionTtlHours: 12, logLevel: 'info' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.adminPassword).toBeUndefined();
    expect(c.dataDir).toBe(path.resolve('data'));
    expect(c.webRoot).toBe(path.resolve(__dirname, '../..'));
    expect(c.remotesFile).toBe(path.join(c.webRoot, 'remotes.json'));
  });

  it('reads the environment and refuses nonsense', () => {
    const c = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://x',
      SESSION_TTL_HOURS: '0.5',
      REMOTES_FILE: '/tmp/r.json',
      ADMIN_PASSWORD: '',
    });
    expect(c).toMatchObject({ port: 9000, databaseUrl: 'postgres://x', sessionTtlHours: 0.5, remotesFile: '/tmp/r.json' });
    expect(c.adminPassword).toBeUndefined();
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });

  it('TRUST_PROXY: off by default; true, a hop count or addresses/CIDRs; anything else refused at start', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });
});
