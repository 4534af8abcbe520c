// Package annas embeds the base content pack of Anna's Roundtable.
package annas

import "embed"

// FS is the base pack: pack.yaml and every content file under this folder.
//
//go:embed pack.yaml tags terrain units maps bosses shop rules
var FS embed.FS
