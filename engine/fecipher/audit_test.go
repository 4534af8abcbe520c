package fecipher_test

import (
	"errors"
	"testing"

	. "github.com/roundtable-dev/roundtable/engine/fecipher"
	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
)

// Level up and class change (deployment phase): "level up a unit into a
// unit of the same class if they share their unit names, or class change
// into that unit into a new class", and only promoted cards have the
// promotion cost a class change pays. An unpromoted card of another class
// (Young Prince Marth, Lord, over Star Lord Marth) is neither.
func TestRuleLevelUpNeedsSameClass(t *testing.T) {
	g := bare(t)
	u := place(t, g, 0, "marth-star-lord", Vanguard)
	bonds(t, g, 0, "cain-cavalier", "cain-cavalier", "cain-cavalier")
	g.P[0].Hand = ids(t, "marth-young-prince")
	if err := g.Stack(0, 0, u); !errors.Is(err, ErrClass) {
		t.Errorf("Lord Marth over Star Lord Marth: %v, want ErrClass", err)
	}
	if len(u.Stack) != 1 || len(g.P[0].Hand) != 1 || g.P[0].Spent != 0 {
		t.Errorf("stack %v hand %v spent %d; a refused level up changes nothing", u.Stack, g.P[0].Hand, g.P[0].Spent)
	}
	for _, a := range g.Legal() {
		if a.Kind == ActStack {
			t.Errorf("Legal offers stacking %v, want no level up into another class", a)
		}
	}
	// Same class (Lord over Lord) levels up for the deployment cost 2.
	g = bare(t)
	u = place(t, g, 0, "marth-young-prince", Vanguard)
	bonds(t, g, 0, "cain-cavalier", "cain-cavalier")
	g.P[0].Hand = ids(t, "marth-exiled-prince")
	if err := g.Stack(0, 0, u); err != nil {
		t.Fatalf("Lord Marth over Lord Marth: %v", err)
	}
	if g.P[0].Spent != 2 || u.Card() != id(t, "marth-exiled-prince") || u.ClassChanged {
		t.Errorf("spent %d top %d class changed %v; want 2, exiled prince, a level up", g.P[0].Spent, u.Card(), u.ClassChanged)
	}
}

// Action phase: "You must also have a valid target for an attack, an enemy
// that is within your unit's range", attacking with your own unit.
func TestRuleAttackTargetsAnEnemy(t *testing.T) {
	g := bare(t)
	g.Phase = ActionPhase
	a := place(t, g, 0, "ogma-hero", Vanguard)
	own := place(t, g, 0, "cain-cavalier", Vanguard)
	foe := place(t, g, 1, "chrom-prince", Vanguard)
	foe.Main = true
	if _, err := g.Attack(0, a, own); !errors.Is(err, ErrTarget) {
		t.Errorf("attacking one's own unit: %v, want ErrTarget", err)
	}
	if _, err := g.Attack(0, foe, a); !errors.Is(err, ErrTarget) {
		t.Errorf("attacking with the opponent's unit: %v, want ErrTarget", err)
	}
	if a.Tapped || foe.Tapped || len(g.P[0].Field) != 2 {
		t.Error("a refused attack changes nothing")
	}
}

// Deployment and action phases act on "your units": a player levels up,
// moves and uses the skills of units on their own field only.
func TestRuleOnlyYourOwnUnits(t *testing.T) {
	g := bare(t)
	foe := place(t, g, 1, "marth-young-prince", Vanguard)
	place(t, g, 1, "chrom-prince", Vanguard)
	bonds(t, g, 0, "cain-cavalier", "cain-cavalier")
	g.P[0].Hand = ids(t, "marth-exiled-prince")
	if err := g.Stack(0, 0, foe); !errors.Is(err, ErrNoBase) {
		t.Errorf("levelling up the opponent's Marth: %v, want ErrNoBase", err)
	}
	if err := g.Move(0, foe); !errors.Is(err, ErrNotYours) {
		t.Errorf("moving the opponent's unit: %v, want ErrNotYours", err)
	}
	if len(foe.Stack) != 1 || foe.Area != Vanguard || foe.Tapped {
		t.Error("the opponent's unit must not change")
	}
	g.Phase = ActionPhase
	star := place(t, g, 1, "marth-star-lord", Rearguard)
	if err := g.Activate(0, star, 0, 0); !errors.Is(err, ErrNotYours) {
		t.Errorf("using the opponent's skill: %v, want ErrNotYours", err)
	}
	if g.P[0].Bonds[0].Reversed {
		t.Error("no bond is reversed for a refused skill")
	}
}

// Beginning phase: "the current player's units all return to a pre-action
// state"; the opponent's stay as they are. "Reversed bonds will never become
// unreversed except by a card effect." The bonds pay afresh each turn.
func TestRuleBeginningOnlyCurrentPlayerUntaps(t *testing.T) {
	g := bare(t)
	mine := place(t, g, 0, "marth-young-prince", Vanguard)
	theirs := place(t, g, 1, "chrom-prince", Vanguard)
	mine.Tapped, theirs.Tapped = true, true
	bonds(t, g, 0, "cain-cavalier")
	g.P[0].Bonds[0].Reversed = true
	g.P[0].Spent, g.P[0].Bonded = 1, true
	g.P[0].Deck = ids(t, "abel-cavalier", "draug-knight")
	g.StartTurn()
	if mine.Tapped || !theirs.Tapped {
		t.Errorf("tapped: mine %v theirs %v; want false true", mine.Tapped, theirs.Tapped)
	}
	if !g.P[0].Bonds[0].Reversed {
		t.Error("a reversed bond turned face up at the beginning phase")
	}
	if g.P[0].Spent != 0 || g.P[0].Bonded {
		t.Errorf("spent %d bonded %v; want a fresh turn: 0 false", g.P[0].Spent, g.P[0].Bonded)
	}
}

// "A turn is made up of five distinct phases": units are deployed, levelled
// up and moved in the deployment phase; attacks and action skills happen in
// the action phase; only the turn player acts.
func TestRulePhasesGateActions(t *testing.T) {
	g := bare(t)
	g.Phase = ActionPhase
	m := place(t, g, 0, "marth-young-prince", Vanguard)
	s := place(t, g, 0, "marth-star-lord", Rearguard)
	foe := place(t, g, 1, "chrom-prince", Vanguard)
	bonds(t, g, 0, "cain-cavalier", "cain-cavalier", "cain-cavalier", "cain-cavalier")
	g.P[0].Hand = ids(t, "abel-cavalier", "caeda-falcon")
	check := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, ErrPhase) {
			t.Errorf("%s in the %v phase: %v, want ErrPhase", what, g.Phase, err)
		}
	}
	check("deploy", g.Deploy(0, 0, Vanguard))
	check("move", g.Move(0, m))
	g.P[0].Field = g.P[0].Field[:1]
	check("level up", g.Stack(0, 0, m))
	g.P[0].Field = append(g.P[0].Field, s)
	g.Phase = Deployment
	_, err := g.Attack(0, m, foe)
	check("attack", err)
	check("action skill", g.Activate(0, s, 0, 0))
	g.Active = 1
	check("the opponent's deploy", g.Deploy(0, 0, Vanguard))
	if len(g.P[0].Hand) != 2 || m.Tapped || m.Area != Vanguard || g.P[0].Bonds[0].Reversed {
		t.Error("refused actions changed the game")
	}
}

// Deployment: "a number of bonds ... greater than or equal to the deployment
// cost of those units" covers every unit played in the turn, level ups and
// class changes ("pay the new card's deployment cost just as if you had
// played it from hand") included.
func TestRuleStackAndDeployShareBonds(t *testing.T) {
	g := bare(t)
	u := place(t, g, 0, "marth-young-prince", Vanguard)
	bonds(t, g, 0, "cain-cavalier", "cain-cavalier", "cain-cavalier", "cain-cavalier")
	g.P[0].Hand = ids(t, "marth-star-lord", "ogma-mercenary")
	g.P[0].Deck = ids(t, "draug-knight")
	if err := g.Stack(0, 0, u); err != nil {
		t.Fatal(err)
	}
	if err := g.Deploy(0, 0, Vanguard); !errors.Is(err, ErrCost) {
		t.Errorf("class change 3 then a cost-2 unit with 4 bonds: %v, want ErrCost", err)
	}
	bonds(t, g, 0, "cain-cavalier")
	if err := g.Deploy(0, 0, Vanguard); err != nil || g.P[0].Spent != 5 {
		t.Errorf("with 5 bonds: %v spent %d, want allowed, 5", err, g.P[0].Spent)
	}
}

// "Characters may attack in the same turn they are placed."
func TestRuleAttackTheTurnDeployed(t *testing.T) {
	g := bare(t)
	bonds(t, g, 0, "cain-cavalier", "cain-cavalier")
	g.P[0].Hand = ids(t, "ogma-mercenary")
	if err := g.Deploy(0, 0, Vanguard); err != nil {
		t.Fatal(err)
	}
	u := g.P[0].Field[0]
	foe := place(t, g, 1, "chrom-prince", Vanguard)
	foe.Main = true
	g.P[1].Orbs = ids(t, "vaike-fighter")
	g.Phase = ActionPhase
	if u.Tapped {
		t.Fatal("a deployed unit enters untapped")
	}
	if b, err := g.Attack(0, u, foe); err != nil || !b.Defeated {
		t.Errorf("attack with the unit just deployed: %v %+v, want 50 beats 40", err, b)
	}
}

// "There are no limits to the number of units or bonds you may have in
// play, nor to the number of cards in your hand."
func TestRuleNoHandBondOrUnitLimit(t *testing.T) {
	g := bare(t)
	for range 12 {
		g.P[0].Hand = append(g.P[0].Hand, id(t, "cain-cavalier"))
		g.P[0].Bonds = append(g.P[0].Bonds, Bond{Card: id(t, "abel-cavalier")})
	}
	for _, c := range []string{"marth-young-prince", "caeda-pegasus", "abel-cavalier", "draug-knight", "gordin-archer", "jagen-paladin", "ogma-mercenary", "navarre-myrmidon", "merric-mage"} {
		place(t, g, 0, c, Vanguard)
	}
	g.P[0].Deck = ids(t, "lena-cleric")
	g.EndTurn()
	g.Active = 0
	g.StartTurn()
	if err := g.PlaceBond(0, 0); err != nil {
		t.Fatal(err)
	}
	g.Phase = Deployment
	g.P[0].Hand = append(g.P[0].Hand, id(t, "cain-cavalier"))
	if err := g.Deploy(0, 0, Rearguard); err != nil {
		t.Errorf("a tenth unit: %v, want allowed", err)
	}
	if len(g.P[0].Hand) != 12 || len(g.P[0].Bonds) != 13 || len(g.P[0].Field) != 10 {
		t.Errorf("hand %d bonds %d units %d; want 12 13 10: nothing is discarded", len(g.P[0].Hand), len(g.P[0].Bonds), len(g.P[0].Field))
	}
}

// "If your deck runs out of cards during a game, there is no deck out;
// instead the retreat area is shuffled into the deck" — also for the support
// check, which reveals from the reshuffled retreat area.
func TestRuleDeckOutDuringSupportCheck(t *testing.T) {
	g := bare(t)
	a, d := battle(t, g, "ogma-mercenary", "chrom-prince", nil, []string{"vaike-fighter"})
	g.P[0].Retreat = ids(t, "cain-cavalier")
	b, err := g.Attack(0, a, d)
	if err != nil {
		t.Fatal(err)
	}
	if b.AttackSupport != 10 || b.Attack != 60 || g.Over {
		t.Errorf("battle %+v over %v; want Cain's support 10 from the reshuffled retreat, 60, game on", *b, g.Over)
	}
	if len(g.P[0].Deck) != 0 || len(g.P[0].Retreat) != 1 {
		t.Errorf("deck %d retreat %d; want the support card back in the retreat area", len(g.P[0].Deck), len(g.P[0].Retreat))
	}
}

// Setup: "turn order for the game is decided randomly".
func TestRuleFirstPlayerRandom(t *testing.T) {
	firsts := map[int]int{}
	for seed := range int64(16) {
		g, err := New(rs, [2]*table.Deck{deck(t, "altea-vanguard"), deck(t, "shepherds")}, [2]string{"A", "B"}, [2]Policy{scripted{}, scripted{}}, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		if g.Active != g.First {
			t.Fatalf("seed %d: active %d first %d", seed, g.Active, g.First)
		}
		firsts[g.First]++
	}
	if firsts[0] == 0 || firsts[1] == 0 {
		t.Errorf("first players over 16 seeds %v; want both players sometimes", firsts)
	}
}

// Battle order: the critical hit comes before godspeed evasion, and evasion
// "completely nullif[ies] the attack" even a doubled one; both discards stay
// made. Evasion needs a card with the defender's unit name.
func TestRuleEvasionAfterCritical(t *testing.T) {
	g := bare(t, scripted{crit: true}, scripted{evade: true})
	a, d := battle(t, g, "marth-exiled-prince", "chrom-prince", nil, nil)
	g.P[0].Hand = ids(t, "marth-young-prince")
	g.P[1].Hand = ids(t, "chrom-shepherd")
	b, _ := g.Attack(0, a, d)
	if !b.Critical || !b.Evaded || b.Defeated || b.Attack != 120 || len(g.P[1].Orbs) != 2 {
		t.Errorf("battle %+v orbs %d; want critical 120, evaded, no orb broken", *b, len(g.P[1].Orbs))
	}
	if len(g.P[0].Hand) != 0 || len(g.P[1].Hand) != 0 || len(g.P[0].Retreat) != 1 || len(g.P[1].Retreat) != 1 {
		t.Error("both the critical and the evasion card go to the retreat area")
	}
	g = bare(t, scripted{}, scripted{evade: true})
	a, d = battle(t, g, "ogma-hero", "chrom-prince", nil, nil)
	g.P[1].Hand = ids(t, "sully-cavalier")
	b, _ = g.Attack(0, a, d)
	if b.Evaded || !b.Defeated || !b.OrbBroken || g.Over {
		t.Errorf("battle %+v over %v; without a Chrom card no evasion: defeated, an orb breaks, the game goes on", *b, g.Over)
	}
}

// Lord rules: levelling up keeps the unit, so the main character stays the
// main character ("the primary reason to run the base form of that card is
// so that it can be your lord"), in its area, with its orbs.
func TestRuleMainCharacterLevelsUp(t *testing.T) {
	g := bare(t)
	m := place(t, g, 0, "chrom-prince", Vanguard)
	m.Main = true
	g.P[0].Orbs = ids(t, "vaike-fighter", "sully-cavalier")
	bonds(t, g, 0, "lissa-cleric", "lissa-cleric", "lissa-cleric")
	g.P[0].Hand = ids(t, "chrom-exalt")
	g.P[0].Deck = ids(t, "frederick-knight")
	if err := g.Stack(0, 0, m); err != nil {
		t.Fatal(err)
	}
	if g.P[0].Main() != m || m.Card() != id(t, "chrom-exalt") || len(g.P[0].Field) != 1 || len(g.P[0].Orbs) != 2 {
		t.Errorf("main %v top %d field %d orbs %d; want the same unit, now Exalt Chrom, alone, 2 orbs", g.P[0].Main(), m.Card(), len(g.P[0].Field), len(g.P[0].Orbs))
	}
}

// Level up pays "just as if you had played it from hand", so it also needs a
// face-up bond of the card's symbol.
func TestRuleLevelUpNeedsSymbol(t *testing.T) {
	g := bare(t)
	u := place(t, g, 0, "tiki-divine", Vanguard)
	bonds(t, g, 0, "chrom-prince", "chrom-prince", "chrom-prince", "chrom-prince", "chrom-prince")
	g.P[0].Hand = ids(t, "tiki-manakete")
	if err := g.Stack(0, 0, u); !errors.Is(err, ErrSymbol) {
		t.Errorf("archanea Tiki with five ylisse bonds: %v, want ErrSymbol", err)
	}
}

// "Units with just the stave emblem cannot attack": a unit with a staff and
// a weapon (War Cleric Lissa: axe and staff, range 1) can.
func TestRuleStaffAndWeaponCanAttack(t *testing.T) {
	g := bare(t)
	g.Phase = ActionPhase
	l := place(t, g, 0, "lissa-war-cleric", Vanguard)
	e := place(t, g, 1, "chrom-prince", Vanguard)
	e.Main = true
	g.P[1].Orbs = ids(t, "vaike-fighter")
	if !g.CanAttack(l) {
		t.Fatal("War Cleric Lissa should be able to attack")
	}
	if b, err := g.Attack(0, l, e); err != nil || b.Attack != 70 || !b.Defeated {
		t.Errorf("attack %v %+v; want 60+10 (my turn) beats 40", err, b)
	}
}

// Victory: "If they have no orbs when the defending unit is defeated, they
// lose the game" — the game is over, and nobody acts in it any more.
func TestRuleNothingAfterTheGameEnds(t *testing.T) {
	g := bare(t)
	a, d := battle(t, g, "ogma-hero", "chrom-prince", nil, nil)
	other := place(t, g, 0, "cain-cavalier", Vanguard)
	g.P[1].Orbs = nil
	if b, _ := g.Attack(0, a, d); !b.Won || !g.Over {
		t.Fatalf("battle %+v; want the game won", *b)
	}
	if _, err := g.Attack(0, other, d); !errors.Is(err, ErrOver) {
		t.Errorf("attack after the game ended: %v, want ErrOver", err)
	}
	g.Phase = Deployment
	bonds(t, g, 0, "cain-cavalier")
	g.P[0].Hand = ids(t, "abel-cavalier")
	if err := g.Deploy(0, 0, Vanguard); !errors.Is(err, ErrOver) {
		t.Errorf("deploy after the game ended: %v, want ErrOver", err)
	}
	if other.Tapped || len(g.P[0].Hand) != 1 || g.Winner != 0 {
		t.Error("nothing changes after the game ended")
	}
}

// Every action Legal offers is one the rules accept: games driven like Play,
// but failing on any refused action (Play itself stops a phase silently).
func TestLegalActionsAreAccepted(t *testing.T) {
	decks := [2]*table.Deck{deck(t, "altea-vanguard"), deck(t, "shepherds")}
	for seed := range int64(40) {
		g, err := New(rs, decks, [2]string{"A", "B"}, [2]Policy{Random{}, Random{}}, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		acted := 0
		for !g.Over && g.Turn < 60 {
			g.StartTurn()
			for _, ph := range []Phase{BondPhase, Deployment, ActionPhase} {
				g.Phase = ph
				for steps := 0; !g.Over && steps < 50; steps++ {
					acts := g.Legal()
					i := g.Pol[g.Active].Choose(g, g.Active, acts)
					if i < 0 || i >= len(acts) {
						break
					}
					if err := g.Do(acts[i]); err != nil {
						t.Fatalf("seed %d turn %d %v phase: Legal offered %+v, Do refused: %v", seed, g.Turn, ph, acts[i], err)
					}
					acted++
					if ph == BondPhase {
						break
					}
				}
			}
			if !g.Over {
				g.EndTurn()
			}
		}
		if acted < 20 {
			t.Errorf("seed %d: only %d actions taken; the test should exercise the rules", seed, acted)
		}
	}
}
