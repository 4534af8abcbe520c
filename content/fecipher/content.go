// Package fecipher embeds the base content pack of Fire Emblem Cipher.
package fecipher

import "embed"

// FS is the base pack: pack.yaml and every content file under this folder.
//
//go:embed pack.yaml symbols.yaml decks.yaml cards
var FS embed.FS
