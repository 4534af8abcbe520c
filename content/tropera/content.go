// Package tropera embeds the base content pack of Fire Emblem Tropera.
package tropera

import "embed"

// FS is the base pack: pack.yaml and every content file under this folder.
//
//go:embed pack.yaml *.yaml
var FS embed.FS
