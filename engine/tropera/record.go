package tropera

// Combat is one Attack Sequence (or with Healed set, a healing staff used
// by Attacker on Defender), for printing.
type Combat struct {
	Round    int
	Attacker *Unit
	Defender *Unit
	Distance int
	Forecast Forecast
	Strikes  []Strike
	Healed   int
	Revived  bool // healed from a critical wound
}
