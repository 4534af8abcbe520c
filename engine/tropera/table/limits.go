package table

// Limits of character building, from the rulebook. Both the compiler's
// checks and the engine's level-up read them here.
const (
	// "players have 35 points they may assign"
	Budget = 35
	// "Characters start with 10 Hit Points and 5 Movement"
	BaseHP   = 10
	BaseMove = 5
	// "a maximum of 3 different proficiencies"
	MaxProfs = 3
	// Levels run 1 to 20.
	MaxLevel = 20
	// At levels 8 and 16: "9 points to freely assign ... (maximum of 2 per
	// stat), and gain 2 additional hit points".
	MilestonePoints  = 9
	MilestonePerStat = 2
	MilestoneHP      = 2
	// A rolled level-up raises 4 of the 5 highest results by 1.
	LevelUpRaises   = 4
	LevelUpEligible = 5
)

// Milestone reports whether reaching level l is a level of free points,
// an extra feat and an extra space of movement (8 and 16).
func Milestone(l int) bool { return l == 8 || l == 16 }

// Milestones counts the milestone levels reached at level l.
func Milestones(l int) int {
	n := 0
	for _, m := range [...]int{8, 16} {
		if l >= m {
			n++
		}
	}
	return n
}

// ProfRanks is the number of proficiency ranks a character has at level l:
// one at level 1, one more at 4, 7, 10, 13, 16, 19 and 20.
func ProfRanks(l int) int {
	n := 1
	for _, m := range [...]int{4, 7, 10, 13, 16, 19, 20} {
		if l >= m {
			n++
		}
	}
	return n
}

// Feats is the number of feats at level l: one, and one more at 8 and 16.
func Feats(l int) int { return 1 + Milestones(l) }

// WeaponSlots and ItemSlots: 3 and 2, one more each from level 8. Relics: 1.
func WeaponSlots(l int) int { return 3 + min(Milestones(l), 1) }

// ItemSlots is the number of item slots at level l.
func ItemSlots(l int) int { return 2 + min(Milestones(l), 1) }

// RelicSlots is always 1.
const RelicSlots = 1

// PerformancesKnown is the rulebook's "Performances Known" table: at a
// Perform rank (D..S), how many performances of each rank (D..S) a
// character knows. Above S the counts stay those of S.
func PerformancesKnown(perform Rank) [5]int {
	table := [5][5]int{
		{1, 0, 0, 0, 0}, // D
		{2, 1, 0, 0, 0}, // C
		{3, 2, 1, 0, 0}, // B
		{4, 3, 2, 1, 0}, // A
		{4, 4, 3, 2, 1}, // S
	}
	if perform < RankD {
		return [5]int{}
	}
	return table[min(perform, RankS)-RankD]
}
