/** Types of canary.js (plain CommonJS, shared with scripts/remote-release.js). */
export interface CanaryRelease {
  /** The mf-manifest.json tried on some users. */
  manifest: string;
  /** Share of the other users (0-100) who get it, chosen by a hash of (remote, username): sticky per user. */
  percent?: number;
  /** Usernames who always get it. */
  users?: string[];
}

/** One remotes.json entry: the manifest URL in use, or that and a canary. */
export type RemotesEntry = string | { manifest: string; canary?: CanaryRelease };

export function bucketOf(text: string): number;
export function inCanary(canary: CanaryRelease | null | undefined, remote: string, username: string | null | undefined): boolean;
export function chooseManifest(entry: unknown, remote: string, username: string | null | undefined): string | null;
