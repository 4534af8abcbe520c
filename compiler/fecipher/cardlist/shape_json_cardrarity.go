package cardlist

// A JSON array of cards with the rarity and series on the card and every
// printing under AlternateArts with its own CardCode and SetCode (a
// printing's rarity is its code's, else the card's; its series its own,
// else the card's); a field a card does not have is left out.
func init() {
	register(&Shape{
		Name:   "card-rarity",
		Format: FormatJSON,
		Detect: func(s *Seen) Fit {
			return s.Fit(append([]string{fUnit, fTitle, fRarity, fArts}, gameFields...), []string{fCode})
		},
		Decode: decodeObjects,
	})
}
