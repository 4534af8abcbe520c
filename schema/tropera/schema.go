// Package tropera embeds the CUE definitions of Fire Emblem Tropera.
package tropera

import "embed"

// FS holds the .cue files.
//
//go:embed *.cue
var FS embed.FS
