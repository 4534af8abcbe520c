package games

import "io/fs"

// Render is how a game is drawn: what `roundtable render` writes (SVG
// files, an index.html gallery, print-and-play PDF sheets) and what the
// studio (`roundtable serve`) shows. The game says what to draw and with
// which layouts; games/render draws it for every game alike.
type Render struct {
	// Layouts are the game's layouts, kept as data beside its content
	// (content/<game>/layouts): NAME.svg.tmpl files (html/template text
	// that writes one SVG document; docs/render.md lists what each one
	// sees) and palette.txt, the game's colours. A pack's own layouts/
	// folder overrides them file by file and colour by colour.
	Layouts fs.FS
	// Kinds are the content kinds drawn: every valid entity of these kinds
	// gets at least one picture.
	Kinds []string
	// Pictures lists what to draw of a compiled ruleset (the game's
	// *table.Ruleset), in content order.
	Pictures func(rules any) []Picture
	// Position, when set, draws a match position for the studio's replay
	// viewer. state is the position's state as JSON (the value of
	// play.Match.Position, marshalled): positions are data, documented per
	// game.
	Position func(rules any, mode string, state []byte) (Picture, error)
	// Reach, when set, is a tool whose result lights tiles of a map
	// picture (Anna's reach: where a unit can end its move).
	Reach *Tool
	// Forecast, when set, is a combat calculator.
	Forecast *Tool
}

// Picture is one thing drawn: a card, a board, a boss tile.
type Picture struct {
	// Kind and ID are the entity drawn, as its document says them
	// (kind: unit, id: chrom).
	Kind, ID string
	// Part tells apart several pictures of one entity (a hero set's hero
	// and health cards); "" for an entity's only picture.
	Part string
	// Name is what the gallery calls it.
	Name string
	// Layout is the layout that draws it: NAME of NAME.svg.tmpl.
	Layout string
	// Board is a map or a tile: printed on a page of its own rather than
	// at card size.
	Board bool
	// Facets are words the gallery filters by (a colour, a class, a set).
	Facets []string
	// Data is what the layout sees as its dot (a struct of the game's
	// games/<game> package: its fields are the layout's vocabulary).
	Data any
}

// File is the picture's file name without extension: KIND-ID or
// KIND-ID-PART.
func (p Picture) File() string {
	if p.Part != "" {
		return p.Kind + "-" + p.ID + "-" + p.Part
	}
	return p.Kind + "-" + p.ID
}

// Tool is a calculator of the studio: a form of inputs and what it works
// out from their values.
type Tool struct {
	Name string // "Combat forecast", "Reach"
	// Inputs are the form's fields for a ruleset, in order.
	Inputs func(rules any) []Input
	// Run works out the answer; an error is shown to the user beside the
	// form (a tile that is not on the map, two units on one tile).
	Run func(rules any, values map[string]string) (Answer, error)
}

// Input is one field of a tool's form.
type Input struct {
	Name, Label string
	// Choices make the field a list to pick from; without, a text field.
	Choices []Choice
	Default string
	Help    string // a short hint shown with the field
}

// Choice is one value of a list field.
type Choice struct{ Value, Label string }

// Answer is what a tool worked out.
type Answer struct {
	// Text is the answer for people, one line per fact.
	Text []string
	// Map and Tiles: a Reach answer lights Tiles (as the map picture's
	// layout names them in data-tile attributes) on the picture whose
	// File() is Map.
	Map   string
	Tiles []string
}
