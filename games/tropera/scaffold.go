package tropera

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
		{Kind: "weapon", ID: "slim-sword", Name: "Slim Sword"},
		{Kind: "feat", ID: "stalwart", Name: "Stalwart"},
		{Kind: "item", ID: "herb-bundle", Name: "Herb Bundle"},
		{Kind: "terrain", ID: "ruins", Name: "Ruins"},
		{Kind: "character", ID: "karla", Name: "Karla"},
		{Kind: "performance", ID: "ford-song", Name: "Ford Song"},
		{Kind: "map", ID: "bandit-ford", Name: "The Bandit Ford"},
		{Kind: "battle", ID: "bandit-ford", Name: "Bandits at the Ford"},
	},
	Defaults: map[string]string{"weapon": "iron-sword", "feat": "adept", "item": "vulnerary", "terrain": "plains", "character": "lyn",
		"performance": "rallying-song", "map": "durvalla-road", "battle": "durvalla-road"},
	Try: games.Example{Kind: "character", ID: "my-hero"},
}

func sub(f embed.FS) fs.FS {
	s, err := fs.Sub(f, "templates")
	if err != nil {
		panic(err)
	}
	return s
}
