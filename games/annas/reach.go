package annas

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	annasengine "github.com/roundtable-dev/roundtable/engine/annas"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
	"github.com/roundtable-dev/roundtable/games"
)

type reachJSON struct {
	Unit  string   `json:"unit"`
	From  string   `json:"from"`
	Tiles []string `json:"tiles"`
}

func newReach() *cobra.Command {
	var (
		mapID, from, seat, format string
		allies, enemies           []string
		ruins, plains, packs      []string
	)
	cmd := &cobra.Command{
		Use:   "reach UNIT --map MAP --at TILE",
		Short: "List the tiles where an Anna's Roundtable unit can end its move",
		Long: `Reach prints every tile where UNIT, standing on --at of --map, can end its move
with the rules engine's movement: orthogonal steps up to its MOV, terrain that ends
movement or cannot be entered by its tags, Ruins, through allies but never through
enemies, never ending on an occupied tile, and never into the enemy's deployment
zone (--seat says which side is the unit's). Its own tile is included. Tiles are
sorted a1, a2, …, f6. --ruins and --plain lay a DV map tile side.`,
		Example: `  roundtable annas reach chrom --map default --at c1
  roundtable annas reach cordelia --map default --at c3 --enemy c4 --ally b3 --format json
  roundtable annas reach frederick --map pixel-art --at d6 --seat north --ruins d4`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" {
				return games.Usage("unknown --format %q (want text or json)", format)
			}
			if mapID == "" || from == "" {
				return games.Usage("reach needs --map and --at")
			}
			if seat != "south" && seat != "north" {
				return games.Usage("unknown --seat %q (want south or north)", seat)
			}
			rs, err := annasRuleset(packs, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			u, err := unitIndex(rs, args[0])
			if err != nil {
				return err
			}
			m := rs.MapIndex(mapID)
			if m < 0 {
				var ids []string
				for _, x := range rs.Maps {
					ids = append(ids, x.ID)
				}
				return games.Usage("no map %q (maps: %s)", mapID, strings.Join(ids, ", "))
			}
			at, err := parseTile("--at", from)
			if err != nil {
				return err
			}
			tileSet := func(flag string, names []string) (table.TileSet, error) {
				var s table.TileSet
				for _, n := range names {
					t, err := parseTile(flag, n)
					if err != nil {
						return 0, err
					}
					s |= 1 << uint(t)
				}
				return s, nil
			}
			var sets [4]table.TileSet
			for i, fl := range []struct {
				name  string
				names []string
			}{{"--ally", allies}, {"--enemy", enemies}, {"--ruins", ruins}, {"--plain", plains}} {
				if sets[i], err = tileSet(fl.name, fl.names); err != nil {
					return err
				}
			}
			if (sets[0] | sets[1] | sets[2]).Has(at) || sets[0]&sets[1] != 0 {
				return games.Usage("--at, --ally, --enemy and --ruins tiles must all differ")
			}
			mp := &rs.Maps[m]
			var terr [annasengine.Tiles]int16
			for i := range terr {
				terr[i] = int16(mp.Tiles[i])
				if sets[2].Has(table.Tile(i)) {
					terr[i] = rs.Rules.DVRuins
				} else if sets[3].Has(table.Tile(i)) {
					terr[i] = rs.Rules.DVPlain
				}
			}
			closed := mp.Deploy[table.North]
			if seat == "north" {
				closed = mp.Deploy[table.South]
			}
			f := annasengine.Field{Rules: rs, Terrain: &terr, Allies: sets[0], Enemies: sets[1], Closed: closed}
			unit := &rs.Units[u]
			tiles := annasengine.Names(f.Reach(at, int(unit.Mov), unit.Tags))
			out := cmd.OutOrStdout()
			if format == "json" {
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				return enc.Encode(reachJSON{Unit: unit.ID, From: at.String(), Tiles: tiles})
			}
			fmt.Fprintf(out, "%s (MOV %d) from %s on %s can end its move on %d tiles:\n%s\n", unit.ID, unit.Mov, at, mp.ID, len(tiles), strings.Join(tiles, " "))
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&mapID, "map", "", "map id")
	fl.StringVar(&from, "at", "", "the unit's tile, e.g. c3")
	fl.StringArrayVar(&allies, "ally", nil, "a tile with an allied unit (repeatable)")
	fl.StringArrayVar(&enemies, "enemy", nil, "a tile with an enemy unit (repeatable)")
	fl.StringVar(&seat, "seat", "south", "the unit's side: south (first player) or north")
	fl.StringArrayVar(&ruins, "ruins", nil, "a DV map tile laid Ruins side up (repeatable)")
	fl.StringArrayVar(&plains, "plain", nil, "a DV map tile laid Plain side up (repeatable)")
	fl.StringArrayVar(&packs, "pack", nil, "compile these pack folders instead of the embedded base content")
	fl.StringVarP(&format, "format", "f", "text", "output format: text or json")
	return cmd
}

func parseTile(flag, s string) (table.Tile, error) {
	t, ok := table.ParseTile(s)
	if !ok {
		return table.NoTile, games.Usage("%s %q: not a tile (want a1 … f6)", flag, s)
	}
	return t, nil
}
