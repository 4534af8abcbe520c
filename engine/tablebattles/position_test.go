package tablebattles

import (
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	tbgen "github.com/roundtable-dev/roundtable/generated/tablebattles"
)

// TestLoadRejectsBrokenPositions: every value of a position is checked; a
// broken one is an error naming the line and what is wrong, never a panic.
func TestLoadRejectsBrokenPositions(t *testing.T) {
	for _, c := range []struct{ state, want string }{
		{"scenario: ylisse-frod", `5:13: scenario: unknown scenario "ylisse-frod"; did you mean "ylisse-ford"?`},
		{"scenario: ylisse-ford\nactive: raiders", `6:11: active: scenario ylisse-ford has no side "raiders" (sides: shepherds, plegia)`},
		{"scenario: ylisse-ford\nturn: 401", "6:9: turn: 401 is not 1 to 400"},
		{"scenario: ylisse-ford\nphase: lunch", `6:10: phase: "lunch" is not action, reaction, roll, over`},
		{"scenario: ylisse-ford\ncolour: red", `unknown field "colour"`},
		{"scenario: ylisse-ford\nsides: {shepherds: {morale: 11}}", "side shepherds: morale 11 is not 0 to 10"},
		{"scenario: ylisse-ford\nsides: {raiders: {morale: 1}}", `6:11: sides.raiders: scenario ylisse-ford has no side "raiders"`},
		{"scenario: ylisse-ford\nsides: {shepherds: {morale: 5}}", "11 cubes in play (morale and special formations), but the box has 10"},
		{"scenario: ylisse-ford\nsides: {shepherds: {pool: 6}}\nformations: {chrom-vanguard: {dice: [5]}}", "side shepherds: pool 6 + 1 dice on cards is 7, but the side has 6 dice"},
		{"scenario: ylisse-ford\nformations: {chrom-vanguard: {dice: [5, 5, 5, 5, 5, 5, 5]}}", "side shepherds has 7 dice on its cards, but only 6 dice"},
		{"scenario: ylisse-ford\nformations: {chrom-vangard: {units: 1}}", `6:16: formations.chrom-vangard: formation "chrom-vangard" is not in scenario ylisse-ford; did you mean "chrom-vanguard"?`},
		{"scenario: ylisse-ford\nformations: {chrom-vanguard: {units: -1}}", "formation chrom-vanguard: -1 units, but its strength is 4"},
		{"scenario: ylisse-ford\nformations: {chrom-vanguard: {units: 0}}", "formation chrom-vanguard has no units left but is in play (give it gone: routed)"},
		{"scenario: ylisse-ford\nformations: {chrom-vanguard: {units: 2, gone: routed}}", "formation chrom-vanguard routed, so it has no units left, not 2"},
		{"scenario: ylisse-ford\nformations: {chrom-vanguard: {gone: fled}}", `formation chrom-vanguard: gone "fled" is not routed, retired or pursued`},
		{"scenario: ylisse-ford\nformations: {chrom-vanguard: {cubes: 1}}", "formation chrom-vanguard is a normal formation: it has units, not cubes"},
		{"scenario: ylisse-ford\nformations: {ylisse-ballistae: {units: 1}}", "formation ylisse-ballistae is a special formation: it has cubes, not units"},
		{"scenario: ylisse-ford\nformations: {ylisse-ballistae: {cubes: 3}}", "formation ylisse-ballistae: 3 cubes, but its card holds at most 2"},
		{"scenario: ylisse-ford\nformations: {ylisse-ballistae: {dice: [1]}}", "formation ylisse-ballistae is a special formation: dice placed on it return to the pool at once"},
		{"scenario: ylisse-ford\nformations: {chrom-vanguard: {dice: [7]}}", "formation chrom-vanguard: die 7 is not 1 to 6"},
		{"scenario: ylisse-ford\nformations: {chrom-vanguard: {reserve: true}}", "formation chrom-vanguard does not start in reserve, so it cannot be in reserve"},
		{"scenario: ylisse-ford\nformations: {lon-qu-blades: {dice: [1]}}", "formation lon-qu-blades is in reserve: it cannot have dice"},
		{"scenario: ylisse-ford\nformations: {chrom-vanguard: {units: 0, gone: routed, dice: [5]}}", "formation chrom-vanguard is routed: it holds no dice"},
		{"scenario: ylisse-ford\nphase: roll", `wing "" is not a wing of shepherds's formations in play (blue, light-blue)`},
		{"scenario: ylisse-ford\nphase: roll\nwing: blue\nroll: [1, 1, 1, 1, 1, 1, 1]", "a roll of 7 dice, but shepherds's pool holds 6"},
		{"scenario: ylisse-ford\nphase: roll\nwing: blue\nroll: [1]", "phase roll, but shepherds has nothing to decide there"},
		{"scenario: ylisse-ford\nroll: [1]", "roll belongs to another phase than action"},
		{"scenario: ylisse-ford\nphase: reaction", "phase reaction needs the attack it answers"},
		{"scenario: ylisse-ford\nphase: reaction\nattack: {formation: chrom-vanguard, action: 1, target: plegian-lancers, dice: [5]}", "attack.target: chrom-vanguard's target now is gangrel-guard, not \"plegian-lancers\""},
		{"scenario: ylisse-ford\nphase: reaction\nattack: {formation: chrom-vanguard, action: 1, target: gangrel-guard, dice: [5]}", "phase reaction, but plegia cannot react to the attack of chrom-vanguard"},
		{"scenario: ylisse-ford\nphase: reaction\nattack: {formation: gangrel-guard, action: 1, target: frederick-knights, dice: [5]}", `attack.formation: "gangrel-guard" is not a formation of shepherds in play`},
		{"scenario: ylisse-ford\nphase: reaction\nattack: {formation: frederick-knights, action: 1, target: gangrel-guard, dice: [5, 5]}", "attack.action: action 1 of frederick-knights is not an attack"},
		{"scenario: ylisse-ford\nactive: plegia\nphase: reaction\nattack: {formation: gangrel-guard, action: 1, target: frederick-knights, dice: [5, 5]}", "attack.dice: dice [5 5] do not meet triplet"},
		{"scenario: ylisse-ford\nphase: over", "phase over needs the reason the battle ended"},
		{"scenario: ylisse-ford\nphase: over\nreason: x\nwinner: raiders", `winner "raiders" is not a side of ylisse-ford`},
		{"scenario: ylisse-ford\nrng: zz", `rng: "zz" is not a random source's state written by this engine`},
		{"scenario: ylisse-ford\nsides: {shepherds: {skip: true}}", "side shepherds skips its next action phase, but this is its turn already"},
	} {
		env, err := play.ReadPosition("p.yaml", []byte("version: 1\ngame: table-battles\nmode: battle\nstate:\n  "+strings.ReplaceAll(c.state, "\n", "\n  ")+"\n"))
		if err != nil {
			t.Fatalf("%q: %v", c.state, err)
		}
		_, err = Load(tbgen.Ruleset, env.State)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s", c.state, err, c.want)
		}
	}
}

// TestLoadFillsInTheSetUp: a position that leaves out formations, sides,
// pools and the random source reads as the set-up card puts them.
func TestLoadFillsInTheSetUp(t *testing.T) {
	env, err := play.ReadPosition("p.yaml", []byte("version: 1\ngame: table-battles\nmode: battle\nstate: {scenario: gronder-field, formations: {edelgard-armored: {dice: [4, 4]}}}\n"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := Load(tbgen.Ruleset, env.State)
	if err != nil {
		t.Fatal(err)
	}
	p := g.Position().(*Position)
	if p.Turn != 1 || p.Active != "eagles" || p.Phase != "action" || *p.Sides["eagles"].Pool != 3 || *p.Sides["lions"].Pool != 6 ||
		*p.Sides["lions"].Morale != 4 || *p.Formations["petra-wyverns"].Units != 3 || !*p.Formations["sylvain-cavalry"].Reserve || *p.Formations["eagle-ballistae"].Cubes != 1 {
		t.Errorf("loaded %+v", p)
	}
}
