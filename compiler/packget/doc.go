// Package packget fetches the packs a pack requires by source and version,
// pins them by hash and loads them back offline: `roundtable get` and
// `roundtable vendor` (docs/packs.md).
//
// A required pack's source (a git repository with an optional sub-folder,
// or an archive URL) is named in pack.yaml's or roundtable.yaml's sources:.
// Versions are the repository's semver tags (v1.2.0, or pack-id/v1.2.0 in a
// repository of several packs). Resolution is minimal version selection, as
// Go modules do: each requirement asks for the lowest version its range
// admits, a pack gets the highest of those asks, and a new release
// elsewhere never changes a build by itself. The result is roundtable.lock
// beside pack.yaml: id, version, source and the h1: directory hash
// (golang.org/x/mod/sumdb/dirhash) of each pack's files.
//
// Fetched packs live in a user cache (os.UserCacheDir()/roundtable/packs,
// or $ROUNDTABLE_PACK_CACHE), one folder per pack@version, moved into
// place only once whole and hashed, so an interrupted get leaves the cache
// as it was. A fetched pack is data: only regular files are kept (no
// symlinks, nothing made executable), archives are read under limits of
// size, file count and depth with no path leaving the pack's folder, and
// git is the system's git (no transport written here).
package packget
