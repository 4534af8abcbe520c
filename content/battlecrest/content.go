// Package battlecrest embeds the base content pack of Battlecrest.
package battlecrest

import "embed"

// FS is the base pack: pack.yaml and every content file under this folder.
//
//go:embed pack.yaml crests.yaml maps heroes
var FS embed.FS
