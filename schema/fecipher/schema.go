// Package fecipher embeds the CUE definitions of Fire Emblem Cipher.
package fecipher

import "embed"

// FS holds the .cue files.
//
//go:embed *.cue
var FS embed.FS
