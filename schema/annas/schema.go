// Package annas embeds the CUE definitions of Anna's Roundtable.
package annas

import "embed"

// FS holds the .cue files.
//
//go:embed *.cue
var FS embed.FS
