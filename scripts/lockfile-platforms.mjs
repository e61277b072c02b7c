// This workplace's npm registry lacks some platform builds (e.g. darwin/windows binaries of
// @astrojs/compiler-binding and workerd). `npm install` then leaves those optional dependencies
// out of package-lock.json and `npm ci` refuses the lock file as out of sync. This adds the
// missing entries as optional, platform-restricted records (no download address), which npm
// skips on other platforms. Run after `npm install`: `node scripts/lockfile-platforms.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const PLATFORMS = [
  [/darwin-arm64/, { os: ['darwin'], cpu: ['arm64'] }],
  [/darwin-(x64|64)/, { os: ['darwin'], cpu: ['x64'] }],
  [/android-arm64/, { os: ['android'], cpu: ['arm64'] }],
  [/linux-arm64-musl/, { os: ['linux'], cpu: ['arm64'], libc: ['musl'] }],
  [/linux-arm64(-gnu)?$/, { os: ['linux'], cpu: ['arm64'] }],
  [/linux-x64-musl/, { os: ['linux'], cpu: ['x64'], libc: ['musl'] }],
  [/linux-(x64|64)(-gnu)?$/, { os: ['linux'], cpu: ['x64'] }],
  [/wasm32-wasi/, { cpu: ['wasm32'] }],
  [/win32-arm64/, { os: ['win32'], cpu: ['arm64'] }],
  [/(win32|windows)-(x64|64)/, { os: ['win32'], cpu: ['x64'] }],
];

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const added = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path}/node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[top]?.version === version) continue;
    const platform = PLATFORMS.find(([re]) => re.test(name))?.[1];
    if (!platform) continue;
    // A different version already at the top level: this one nests under its dependent.
    lock.packages[lock.packages[top] ? nested : top] = { version, optional: true, ...platform };
    added.push(`${name}@${version}`);
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `lock file: added ${added.length} platform entries` : 'lock file: nothing to add');
