package battlecrest

import (
	"reflect"
	"testing"
)

// cloneChoose is Greedy.Choose as it was before look-ahead copies reused
// the game's spare: a fresh quiet clone per option, which builds every
// option text.
func cloneChoose(g *Game) int {
	if len(g.opts) < 2 {
		return 0
	}
	p := g.toMove
	best, bi := 0.0, -1
	for i := range g.opts {
		c := g.clone()
		c.quiet = true
		c.choose(c.opts[i])
		c.advance(true)
		for !c.over && len(c.opts) > 0 {
			c.choose(c.opts[0])
			c.advance(true)
		}
		if v := c.Rate(p); bi < 0 || v > best {
			best, bi = v, i
		}
	}
	return bi
}

// TestGreedyLooksAheadLikeClones plays seeded greedy games and at every
// decision holds Greedy (look-ahead in the game's reused spare, no option
// texts) to the choice fresh clones give, and the game to the state it had
// before Greedy looked: the spare shares nothing the game writes.
func TestGreedyLooksAheadLikeClones(t *testing.T) {
	sets := [][2]int{{rs.HeroSetIndex("hollis"), rs.HeroSetIndex("corvane")}, {rs.HeroSetIndex("corvane"), rs.HeroSetIndex("hollis")}}
	decisions := 0
	for seed := uint64(1); seed <= 6; seed++ {
		g, err := New(rs, 0, sets[seed%2], seed)
		if err != nil {
			t.Fatal(err)
		}
		for !g.over {
			before := g.position()
			want := cloneChoose(g)
			got := Greedy{}.Choose(g)
			if got != want {
				t.Fatalf("seed %d turn %d: greedy chose %d (%s), fresh clones choose %d (%s)", seed, g.turn, got, g.Action(got), want, g.Action(want))
			}
			if after := g.position(); !reflect.DeepEqual(after, before) {
				t.Fatalf("seed %d turn %d: looking ahead changed the game", seed, g.turn)
			}
			// A look-ahead copy taken after the spare was played on is the
			// game again, as a clone is.
			if c := g.lookAhead(); !reflect.DeepEqual(c.position(), before) {
				t.Fatalf("seed %d turn %d: the look-ahead copy differs from the game", seed, g.turn)
			}
			if err := g.Apply(got); err != nil {
				t.Fatal(err)
			}
			decisions++
		}
	}
	if decisions < 100 {
		t.Fatalf("only %d decisions checked", decisions)
	}
}

// TestReachKeepsNoStateBetweenCalls: the exported Reach, built on the
// game's reused sets, gives every warrior at every decision the map that
// a game with fresh sets gives.
func TestReachKeepsNoStateBetweenCalls(t *testing.T) {
	g, err := New(rs, 0, [2]int{0, 1}, 3)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for !g.over {
		for wi := range g.W {
			for _, mv := range []int{1, 3, 6} {
				for _, force := range []bool{false, true} {
					fresh := g.clone() // no sets yet
					if got, want := g.Reach(wi, mv, force), fresh.Reach(wi, mv, force); !reflect.DeepEqual(got, want) {
						t.Fatalf("turn %d warrior %d mv %d force %v: %v, fresh %v", g.turn, wi, mv, force, got, want)
					}
					checked++
				}
			}
		}
		if err := g.Apply(Greedy{}.Choose(g)); err != nil {
			t.Fatal(err)
		}
	}
	if checked < 200 {
		t.Fatalf("only %d reaches checked", checked)
	}
}

// TestReachCountsHazardsAsHazardAt: reach counts each space's hazards once
// per call into its memory; at every decision of seeded greedy games, with
// landmarks flipping, the count of every space is hazardAt's.
func TestReachCountsHazardsAsHazardAt(t *testing.T) {
	checked, hazards := 0, 0
	for seed := uint64(1); seed <= 4; seed++ {
		g, err := New(rs, 0, [2]int{int(seed % 2), int(1 - seed%2)}, seed)
		if err != nil {
			t.Fatal(err)
		}
		for !g.over {
			g.reach(0, 1, false)
			for r := range int(g.Map.Height) {
				for c := range int(g.Map.Width) {
					p := Pos{int8(r), int8(c)}
					if got, want := int(g.rb.hz[g.rb.sets[0].cell(p)]), g.hazardAt(p); got != want {
						t.Fatalf("seed %d turn %d %s: %d hazards counted, hazardAt %d", seed, g.turn, Tile(p), got, want)
					}
					hazards += g.hazardAt(p)
					checked++
				}
			}
			if err := g.Apply(Greedy{}.Choose(g)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 1000 || hazards == 0 {
		t.Fatalf("%d spaces checked, %d hazards among them", checked, hazards)
	}
}
