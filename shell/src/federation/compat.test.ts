import { incompatibilities, packageOf, providedVersions } from './compat';

const shell = { '@wms/shared-ui': '1.4.0', '@wms/shared-api': '1.2.0', react: '19.3.1' };
const asking = (name: string, requiredVersion: string | false) => ({ shared: [{ name, requiredVersion }] });

describe('incompatibilities (the one check of the shell and remote-release.js)', () => {
  it('a remote built against the same or an older minor of the kit fits', () => {
    expect(incompatibilities(asking('@wms/shared-ui', '^1.0.0'), shell)).toEqual([]);
    expect(incompatibilities(asking('@wms/shared-ui', '^1.4.0'), shell)).toEqual([]);
  });

  it('the next minor or major needs a newer portal; a past major an older one', () => {
    expect(incompatibilities(asking('@wms/shared-ui', '^1.5.0'), shell)).toEqual([
      { package: '@wms/shared-ui', required: '^1.5.0', provided: '1.4.0', needs: 'newer' },
    ]);
    expect(incompatibilities(asking('@wms/shared-ui', '^2.0.0'), shell)[0].needs).toBe('newer');
    expect(incompatibilities(asking('@wms/shared-ui', '^0.1.0'), shell)[0].needs).toBe('older');
  });

  it("a subpath is checked against its package's version; what the shell does not provide is no problem", () => {
    expect(incompatibilities(asking('@wms/shared-api/core', '^2.0.0'), shell)).toHaveLength(1);
    // the shell provides only the core entry: the root entry is checked against that package version
    expect(incompatibilities(asking('@wms/shared-api', '^2.0.0'), { '@wms/shared-api/core': '1.2.0' })).toEqual([
      { package: '@wms/shared-api', required: '^2.0.0', provided: '1.2.0', needs: 'newer' },
    ]);
    expect(incompatibilities(asking('react-dom/server', '^17.0.0'), shell)).toEqual([]);
    expect(incompatibilities(asking('@wms/shared-ui', false), shell)).toEqual([]);
  });

  it('a range semver cannot read is a problem, not a pass', () => {
    expect(incompatibilities(asking('@wms/shared-ui', 'latest and greatest'), shell)).toHaveLength(1);
  });

  it('reads a manifest as a provider', () => {
    expect(providedVersions({ shared: [{ name: 'react', version: '19.3.1', requiredVersion: '^19.3.1' }] })).toEqual({ react: '19.3.1' });
    expect(packageOf('@wms/shared-ui/router')).toBe('@wms/shared-ui');
    expect(packageOf('react-dom/client')).toBe('react-dom');
  });
});
