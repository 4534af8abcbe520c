// Package tablebattles embeds the CUE definitions of Table Battles.
package tablebattles

import "embed"

// FS holds the .cue files.
//
//go:embed *.cue
var FS embed.FS
