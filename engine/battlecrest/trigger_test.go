package battlecrest

import (
	"slices"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/battlecrest/table"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
)

// Triggers: specials that answer another warrior's event
// (docs/battlecrest.md, "Triggers"; rulebook, Special Abilities: "special
// conditions"). The shipped ones (Long Watch, Stoop, Warden's Answer, Give
// Chase) are shown by the scenarios long-watch-*, stoop-*, wardens-answer-*
// and give-chase-*; these tests take the verbs the content does not use.

var (
	march1 = table.Ability{Keyword: table.March, Value: 1, Targets: 1, Crest: table.NoCrest}
	jab    = table.Ability{Keyword: table.Attack, Value: 1, Range: table.Short, Targets: 1, Crest: table.NoCrest}
)

// event is a special answering an event, doing ab.
func eventSpecial(name string, when table.Timing, who table.Subject, near table.Region, ab table.Ability) table.Special {
	return table.Special{Name: name, When: when, Who: who, Near: near, Ability: ab}
}

// TestTriggerAttacks: "when an enemy attacks within 3" is offered to its
// player when the attack is over (every target's damage step), in the
// other player's turn; not when the attacker stands farther.
func TestTriggerAttacks(t *testing.T) {
	r := withSpecial("hollis", false, eventSpecial("Brace", table.Attacks, table.AnEnemy, table.Region{Op: table.Within, N: 3}, march1))
	g := game(t, r, map[int]Pos{corvane: {2, 2}, hollis: {2, 3}})
	g.use(0, corvane, jab)
	if got := legal(g); !slices.Equal(got, []string{"defend with oak-shield", "defend with bramble-maul", "defend with charge", "do not defend"}) {
		t.Fatalf("before the damage step: %q, want the defense (the attack is not over)", got)
	}
	do(t, g, "do not defend")
	if got := legal(g); !slices.Equal(got, []string{"use brace", "skip brace"}) || g.ToMove() != 1 || g.Active != 0 || g.Taken(1) != 1 {
		t.Fatalf("after the attack: %q for seat %d in seat %d's turn, Hollis took %d; want Brace for seat 1 in seat 0's, 1", got, g.ToMove(), g.Active, g.Taken(1))
	}

	far := table.Ability{Keyword: table.Attack, Value: 1, Range: table.Long, Reach: 5, Targets: 1, Crest: table.NoCrest}
	g = game(t, r, map[int]Pos{corvane: {2, 0}, hollis: {2, 4}}) // 4 spaces
	g.use(0, corvane, far)
	do(t, g, "do not defend")
	if slices.Contains(legal(g), "use brace") || g.Taken(1) != 1 {
		t.Errorf("an attack from 4 spaces: %q, Hollis took %d; want no Brace, 1", legal(g), g.Taken(1))
	}
}

// TestTriggerIsDefeated: "when an ally is defeated within 2" answers a
// minion removed from the game, measured from the space it stood on.
func TestTriggerIsDefeated(t *testing.T) {
	r := withSpecial("hollis", false, eventSpecial("Grief", table.IsDefeated, table.AnAlly, table.Region{Op: table.Within, N: 2}, march1))
	for _, c := range []struct {
		hollis Pos
		want   bool
	}{{Pos{2, 5}, true}, {Pos{2, 6}, false}} {
		g := game(t, r, map[int]Pos{corvane: {2, 2}, nettle: {2, 3}, hollis: c.hollis})
		g.W[nettle].Wounded = true
		g.use(0, corvane, jab)
		if g.W[nettle].Alive {
			t.Fatalf("Nettle stands after the jab")
		}
		if got := slices.Contains(legal(g), "use grief"); got != c.want || got && g.ToMove() != 1 {
			t.Errorf("Hollis %d spaces from where Nettle fell: Grief offered %v (to seat %d), want %v", Dist(c.hollis, Pos{2, 3}), got, g.ToMove(), c.want)
		}
	}
}

// TestTriggerMovesCountsForces: "moves" answers any movement, a force
// included; "ends a move" only a warrior's own movement.
func TestTriggerMovesCountsForces(t *testing.T) {
	shove := table.Ability{Keyword: table.Force, Value: 1, Range: table.Medium, Targets: 1, Crest: table.NoCrest}
	for _, c := range []struct {
		when table.Timing
		want bool
	}{{table.Moves, true}, {table.EndsMove, false}} {
		r := withSpecial("hollis", true, eventSpecial("Scent", c.when, table.AnEnemy, table.Region{}, march1))
		g := game(t, r, map[int]Pos{corvane: {2, 2}, hollis: {2, 3}})
		g.Active = 1
		g.use(1, hollis, shove)
		do(t, g, "force corvane to c2")
		if got := slices.Contains(legal(g), "use scent"); got != c.want {
			t.Errorf("%s: Corvane forced, Scent offered %v, want %v", table.TimingNames[c.when], got, c.want)
		}
	}
}

// TestTriggerOrder: one event answered by both players' specials offers
// the active player's first, then the other's.
func TestTriggerOrder(t *testing.T) {
	r := withSpecial("corvane", false, eventSpecial("Mark", table.Moves, table.AnEnemy, table.Region{}, march1))
	h := &r.HeroSets[r.HeroSetIndex("hollis")]
	h.HeroSpecial = eventSpecial("Heed", table.Moves, table.AnAlly, table.Region{}, march1)
	shove := table.Ability{Keyword: table.Force, Value: 1, Range: table.Medium, Targets: 1, Crest: table.NoCrest}
	g := game(t, r, map[int]Pos{corvane: {2, 2}, nettle: {2, 3}, hollis: {0, 6}})
	g.use(0, corvane, shove) // P1 forces Nettle to e3, her one way: an enemy moves for Corvane, an ally for Hollis
	if got := legal(g); !slices.Equal(got, []string{"use mark", "skip mark"}) || g.ToMove() != 0 {
		t.Fatalf("first: %q for seat %d, want Mark for seat 0 (the active player)", got, g.ToMove())
	}
	do(t, g, "skip mark")
	if got := legal(g); !slices.Equal(got, []string{"use heed", "skip heed"}) || g.ToMove() != 1 {
		t.Errorf("then: %q for seat %d, want Heed for seat 1", got, g.ToMove())
	}
}

// TestTriggerOwnTurn: "on your turn" holds in its player's turn only; an
// enemy that comes near by its own move in the other turn is not answered.
func TestTriggerOwnTurn(t *testing.T) {
	sp := eventSpecial("Ambush", table.Enters, table.AnEnemy, table.Region{Op: table.Within, N: 2}, jab)
	sp.If = []table.Clause{{Kind: table.OwnTurn}}
	g := game(t, withSpecial("hollis", true, sp), map[int]Pos{corvane: {2, 6}, nettle: {2, 3}, hollis: {0, 6}})
	do(t, g, "move corvane to e3") // 3 spaces to 1, in P1's turn
	if slices.Contains(legal(g), "use ambush") {
		t.Errorf("Corvane comes beside Nettle in P1's turn: Ambush offered; on your turn is P2's")
	}
	sp.If = []table.Clause{{Kind: table.OtherTurn}}
	g = game(t, withSpecial("hollis", true, sp), map[int]Pos{corvane: {2, 6}, nettle: {2, 3}, hollis: {0, 6}})
	do(t, g, "move corvane to e3")
	if got := legal(g); !slices.Equal(got, []string{"use ambush", "skip ambush"}) {
		t.Errorf("on the other player's turn: %q, want Ambush", got)
	}
}

// TestTriggerEntersIsTheOtherWarriorsMove: "an enemy enters within 2" is
// the enemy's movement: the special's own warrior walking up to it is no
// such event.
func TestTriggerEntersIsTheOtherWarriorsMove(t *testing.T) {
	sp := eventSpecial("Ambush", table.Enters, table.AnEnemy, table.Region{Op: table.Within, N: 2}, jab)
	r := withSpecial("corvane", false, sp)
	g := game(t, r, map[int]Pos{corvane: {2, 6}, nettle: {2, 3}, hollis: {0, 6}})
	g.Active = 1
	g.refresh()
	do(t, g, "move nettle to f3") // Nettle 3 spaces to 1 from Corvane
	if got := legal(g); !slices.Equal(got, []string{"use ambush", "skip ambush"}) || g.ToMove() != 0 {
		t.Fatalf("Nettle comes within 2: %q for seat %d, want Ambush for seat 0", got, g.ToMove())
	}
	g = game(t, r, map[int]Pos{corvane: {2, 6}, nettle: {2, 3}, hollis: {0, 6}})
	do(t, g, "move corvane to e3")
	if slices.Contains(legal(g), "use ambush") {
		t.Errorf("Corvane walks up to Nettle: Ambush offered")
	}
}

// TestTriggerAimInPosition: a pending aimed special writes the warrior it
// is aimed at (warrior:), and a position that leaves it out is refused.
func TestTriggerAimInPosition(t *testing.T) {
	sp := eventSpecial("Ambush", table.Enters, table.AnEnemy, table.Region{Op: table.Within, N: 2}, jab)
	sp.Aim = table.AimTrigger
	g := game(t, withSpecial("corvane", false, sp), map[int]Pos{corvane: {2, 6}, nettle: {2, 3}, hollis: {0, 6}})
	g.Active = 1
	g.refresh()
	do(t, g, "move nettle to f3")
	p := g.position()
	top := p.Pending[len(p.Pending)-1]
	if top.Do != stepSpecial || top.Warrior != "nettle" {
		t.Fatalf("pending %+v, want the special aimed at nettle", top)
	}
	// The shipped Stoop, pending with and without its warrior.
	state := strings.Replace(`map-set: thornmere
active: 1
seats: [{hero-set: sabine}, {hero-set: ulric}]
landmarks: [{id: hollow-oak, at: b2}, {id: mirror-pool, at: d2}, {id: standing-stones, at: f2},
            {id: thorn-thicket, at: b4}, {id: fox-burrow, at: d4}, {id: old-watchtower, at: f4}]
warriors: [{id: sabine-larkmoor, at: a1}, {id: quill, at: d3}, {id: ulric-thane, at: f3}, {id: burr, at: d5}]
done: [move]
pending: [{do: special, seat: 0, source: minion, warrior: WHO}]
`, "WHO", "burr", 1)
	l, err := loadState(state)
	if err != nil {
		t.Fatal(err)
	}
	l.Events()
	do(t, l, "use stoop")
	var said []string
	for _, e := range l.Events() {
		said = append(said, e.Text)
	}
	if !slices.Contains(said, "Quill attacks Burr for 1") || l.Taken(1) != 0 {
		t.Errorf("Stoop aimed at Burr, Ulric in range too: %q, Ulric took %d; want Burr attacked", said, l.Taken(1))
	}
	if _, err := loadState(strings.Replace(state, ", warrior: burr", "", 1)); err == nil || !strings.Contains(err.Error(), `special step: no warrior ""`) {
		t.Errorf("an aimed special without its warrior: %v", err)
	}
}

// TestConformanceEventSpecials plays the hero sets with event specials
// through the contract (positions with aimed specials pending written and
// read back, clones, replays).
func TestConformanceEventSpecials(t *testing.T) {
	playtest.Conformance(t, playtest.Setup{Game: GameID, Mode: Versus, Rules: rs, Seeds: 12, Check: invariants,
		Flags: map[string][]string{"hero-set": {"sabine", "ulric"}}})
}
