package fecipher

import "embed"

// Layouts are the templates `roundtable render` and the studio draw this
// game's cards with (docs/render.md); a pack's own layouts/ folder
// overrides them.
//
//go:embed layouts
var Layouts embed.FS
