// Package battlecrest embeds the CUE definitions of Battlecrest.
package battlecrest

import "embed"

// FS holds the .cue files.
//
//go:embed *.cue
var FS embed.FS
