// Package core embeds the CUE definitions shared by every game: the pack.
package core

import "embed"

// FS holds the core .cue files.
//
//go:embed *.cue
var FS embed.FS
