package cardlist

// A JSON array of cards that are each their own one printing: CardCode,
// SetCode, Rarity and series on the card, no AlternateArts; a field a card
// does not have is left out.
func init() {
	register(&Shape{
		Name:   "flat",
		Format: FormatJSON,
		Detect: func(s *Seen) Fit {
			return s.Fit(append([]string{fUnit, fTitle, fCode}, gameFields...), nil)
		},
		Decode: decodeObjects,
	})
}
