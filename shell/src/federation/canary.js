// Which release of a remote a user gets (issue 24, canary), ONE function for the shell (remotes.ts) and Node
// (scripts/remote-release.js status). Plain CommonJS without dependencies: it runs on the first page. Types in canary.d.ts.
//
// A remotes.json entry is either the URL of the remote's mf-manifest.json, or
//   { "manifest": "<URL in use>", "canary": { "manifest": "<URL tried>", "percent": 10, "users": ["mrossi"] } }
// The canary goes to the named users and to `percent` % of the others, chosen by a hash of (remote, username): the same
// user always gets the same release (sticky), and each remote's canary picks its own users.

/** FNV-1a (32 bits) of a text, as a bucket 0..99. */
function bucketOf(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** True when `username` gets the canary of `remote` described by `canary` ({percent, users}). */
function inCanary(canary, remote, username) {
  if (!canary || typeof canary !== 'object' || !username) return false;
  if (Array.isArray(canary.users) && canary.users.includes(username)) return true;
  const percent = typeof canary.percent === 'number' ? canary.percent : 0;
  return bucketOf(`${remote}:${username}`) < percent;
}

/** The manifest URL `username` (null: not signed in) gets for a remotes.json entry; null when the entry is unusable. */
function chooseManifest(entry, remote, username) {
  if (typeof entry === 'string') return entry || null;
  if (!entry || typeof entry !== 'object' || typeof entry.manifest !== 'string' || !entry.manifest) return null;
  const canary = entry.canary;
  if (canary && typeof canary.manifest === 'string' && canary.manifest && inCanary(canary, remote, username)) return canary.manifest;
  return entry.manifest;
}

module.exports = { bucketOf, inCanary, chooseManifest };
