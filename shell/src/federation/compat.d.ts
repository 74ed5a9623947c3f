/** Types of compat.js (plain CommonJS, shared with scripts/remote-release.js). */
export interface SharedEntry {
  name: string;
  version?: string;
  requiredVersion?: string | false;
  singleton?: boolean;
}

/** The parts of a remote's mf-manifest.json the check reads. */
export interface RemoteManifest {
  shared?: SharedEntry[];
  metaData?: { buildInfo?: { buildVersion?: string; buildName?: string } };
}

export interface Incompatibility {
  /** The shared module, e.g. `@wms/shared-ui`. */
  package: string;
  /** The range the remote was built to need, e.g. `^2.0.0`. */
  required: string;
  /** The version the shell provides, e.g. `1.0.0`. */
  provided: string;
  /** The remote needs a newer portal, or an older one. */
  needs: 'newer' | 'older';
}

export function incompatibilities(manifest: RemoteManifest | null | undefined, provided: Record<string, string>): Incompatibility[];
export function providedVersions(manifest: RemoteManifest | null | undefined): Record<string, string>;
export function packageOf(specifier: string): string;
