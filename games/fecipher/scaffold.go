package fecipher

import (
	"embed"
	"io/fs"

	"github.com/roundtable-dev/roundtable/games"
)

//go:embed templates
var templates embed.FS

var scaffold = &games.Scaffold{
	Templates: sub(templates),
	Examples: []games.Example{
		{Kind: "symbol", ID: "jugdral", Name: "Holy War Banner"},
		{Kind: "card", ID: "sigurd-scion", Name: "Scion of Chalphy"},
		{Kind: "deck", ID: "chalphy-knights", Name: "Knights of Chalphy"},
	},
	Defaults: map[string]string{"symbol": "archanea", "card": "tiki-divine"},
	Try:      games.Example{Kind: "card", ID: "my-card"},
}

func sub(f embed.FS) fs.FS {
	s, err := fs.Sub(f, "templates")
	if err != nil {
		panic(err)
	}
	return s
}
