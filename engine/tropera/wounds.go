package tropera

// CripplePenalty is what a Crippled character loses from Hit, Avoid,
// Critical and Critical Avoid for the rest of the map.
const CripplePenalty = 10

// Countdown is the rulebook's table of critical wounds: the rounds a
// character reduced to 0 HP for the times-th time this map has to be
// healed (1st: 2, 2nd: 1, 3rd: 0); the 4th time cripples at once.
func Countdown(times int) (rounds int, crippled bool) {
	switch times {
	case 1:
		return 2, false
	case 2:
		return 1, false
	case 3:
		return 0, false
	}
	return 0, true
}

// Wounded reports whether u is critically wounded (at 0 HP).
func (u *Unit) Wounded() bool { return u.HP <= 0 }

// wound records one more critical wound and starts its countdown.
func (u *Unit) wound() {
	u.Wounds++
	rounds, crippled := Countdown(u.Wounds)
	u.Countdown = rounds
	u.Crippled = u.Crippled || crippled
}

// NewRound counts a critical wound down at the beginning of a round: a
// character not healed before the timer runs out is Crippled. It also
// readies Miracle.
func (u *Unit) NewRound() {
	u.miracle = false
	if !u.Wounded() || u.Crippled {
		return
	}
	if u.Countdown == 0 {
		u.Crippled = true
		return
	}
	u.Countdown--
}

func (u *Unit) penalty() int {
	if u.Crippled {
		return CripplePenalty
	}
	return 0
}
