// Package tablebattles embeds the base content pack of Table Battles.
package tablebattles

import "embed"

// FS is the base pack: pack.yaml and every content file under this folder.
//
//go:embed pack.yaml formations scenarios
var FS embed.FS
