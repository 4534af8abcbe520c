package cardlist

// The Decksteria.FECipher list (../shared/data/fe-cipher/cardlist.json): a
// JSON array of cards, every field written on every card, the printings
// under AlternateArts, each with its own code, set, rarity and series.
var shapeDecksteria = register(&Shape{
	Name:   "decksteria",
	Format: FormatJSON,
	Strict: true,
	Detect: func(s *Seen) Fit {
		return s.Fit(
			[]string{fUnit, fTitle, fClass, fCost, fColor, fEmblems, fMinRange, fMaxRange, fAttack, fSupport, fArts},
			[]string{fCode, fSet, fRarity, fSeries})
	},
	Decode: decodeObjects,
})
